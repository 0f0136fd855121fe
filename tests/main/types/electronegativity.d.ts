// @doyensec/electronegativity has no types; this declares its programmatic runner.
declare module '@doyensec/electronegativity' {
  export interface ElectronegativityIssue {
    file: string;
    location: { line: number; column: number };
    id: string;
    description: string;
    severity: { value: number; name: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' };
    confidence: { value: number; name: string };
    manualReview: boolean;
  }
  export interface ElectronegativityResult {
    globalChecks: number;
    atomicChecks: number;
    errors: { file: string; message: string; tolerable: boolean }[];
    issues: ElectronegativityIssue[];
  }
  export default function run(
    options: {
      input: string;
      output?: string;
      isRelative?: boolean;
      severitySet?: string;
      confidenceSet?: string;
      customScan?: string[];
      excludeFromScan?: string[];
      electronUpgrade?: string;
      electronVersionOverride?: string;
      parserPlugins?: string[];
    },
    forCli?: boolean,
  ): Promise<ElectronegativityResult>;
}
