/** Types of repair-description.mjs (a plain script, run by node as it is). */
export declare const publishedPath: string;
export declare const fixturePath: string;
export declare function originalPath(): string;
export declare function repairDescription(description: unknown): {
  description: Record<string, unknown>;
  repairs: string[];
};
export declare function writeRepairedDescription(out?: string): {
  path: string;
  repairs: string[];
};
