import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// s3rver is a local S3-compatible server: real HTTP, real signatures, files in a temp folder.
import S3rver from "s3rver";

export async function startLocalS3(bucket = "utsav-test") {
  const directory = mkdtempSync(path.join(os.tmpdir(), "utsav-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
