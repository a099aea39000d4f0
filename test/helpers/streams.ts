/** The captured streams the CLI runs on in-process tests (cli.ts's run, factory.ts's Factory). */
import { Readable } from "node:stream";

/** An output stream that keeps what is written. */
export class Capture {
  text = "";
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  /** What was written since the last take. */
  take(): string {
    const text = this.text;
    this.text = "";
    return text;
  }
}

/** Captured stdout and stderr, and a stdin that gives `input` (nothing when undefined). */
export function capturedIo(options: { readonly tty?: boolean; readonly stdin?: string } = {}) {
  const tty = options.tty ?? false;
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [options.stdin]), {
    isTTY: tty,
  });
  return { stdout: new Capture(tty), stderr: new Capture(tty), stdin };
}
