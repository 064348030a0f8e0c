export type BuildInputs = Record<string, string>;
export type BuildDecision = { build: false } | { build: true; reason: string };
export const BUILD_INPUTS: readonly string[];
export const BUILD_OUTPUTS: readonly string[];
export const MANIFEST: string;
export function hashInputs(root: string): Promise<BuildInputs>;
export function buildDecision(root: string, inputs: BuildInputs): Promise<BuildDecision>;
export function writeManifest(root: string, inputs: BuildInputs): Promise<void>;
