export function filesThatMock(dirs: string[]): string[]
