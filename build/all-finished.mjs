/**
 * Promise.all that waits for every part before it rejects: a build part that fails must
 * not leave the others writing into dist.next-PID after build.mjs has removed it.
 */
export async function allFinished(promises) {
  const parts = await Promise.allSettled(promises);
  const failed = parts.find((part) => part.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  return parts.map((part) => part.value);
}
