export declare const MEASURES: readonly ['scriptsExecuted', 'followsLost', 'duplicateAlerts'];
export interface Measures {
  scriptsExecuted?: number;
  followsLost?: number;
  duplicateAlerts?: number;
}
export declare function tried(id: string, measures?: Measures): void;
export declare function summarise(file: string): { classes: Set<string>; totals: Record<(typeof MEASURES)[number], number> };
