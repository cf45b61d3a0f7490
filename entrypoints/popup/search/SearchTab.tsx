export function SearchTab() { return null; }
