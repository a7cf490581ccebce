import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, startServer, type RunningServer } from './harness.ts';

/** Whether a program (espeak-ng, sox) is installed. */
export function hasProgram(bin: string): boolean {
  try {
    execFileSync(bin, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Chromium whose microphone plays a WAV once (the caller's voice in call tests), media allowed without prompts. */
export function launchWithFakeMic(wav: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}%noloop`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
}

/**
 * One server and one Chromium per call test file (call inside `describe`): the fake microphone says
 * `sentence` (espeak-ng) after `[before, after]` seconds of silence padding (sox), once.
 */
export function callSuite(
  sentence: string,
  [before, after]: [number, number],
): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-call-e2e-'));
    const speech = path.join(dir, 'speech.wav');
    const wav = path.join(dir, 'caller.wav');
    execFileSync('espeak-ng', ['-v', 'en-us', '-w', speech, sentence]);
    execFileSync('sox', [speech, wav, 'pad', String(before), String(after)]);
    [server, browser] = await Promise.all([startServer(), launchWithFakeMic(wav)]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}
