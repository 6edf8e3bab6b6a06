// Test-only packages that ship no type declarations.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
