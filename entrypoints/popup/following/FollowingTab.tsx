export function FollowingTab() { return null; }
