export function buildIsStale(root: string): boolean;
export function serverBuildIsStale(root: string): boolean;
