// s3rver ships no types; these are the parts tests/support/s3.ts uses.
declare module "s3rver" {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: string[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Node's server, once run() has started it. */
    httpServer?: import("node:http").Server;
  }
}
