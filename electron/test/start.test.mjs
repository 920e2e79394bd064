import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium, findElectronBinary, hasDisplay, parseStartArgs } from '../start.mjs';

describe('start.mjs helpers', () => {
  it('finds Electron only when require("electron") returns an existing binary', () => {
    expect(findElectronBinary(() => { throw new Error("Cannot find module 'electron'"); })).toBeNull();
    expect(findElectronBinary(() => '/nonexistent/electron')).toBeNull();
    expect(findElectronBinary(() => ({ not: 'a path' }))).toBeNull();
    expect(findElectronBinary(() => process.execPath)).toBe(process.execPath);
  });

  it('finds Chromium among candidates', () => {
    expect(findChromium(['/nonexistent/chromium'])).toBeNull();
    expect(findChromium(['/nonexistent/chromium', process.execPath])).toBe(process.execPath);
  });

  it('knows whether there is a display', () => {
    expect(hasDisplay({})).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
  });

  it('opens Chromium as an app window with its own profile, --no-sandbox only as root', () => {
    expect(chromiumArgs('http://127.0.0.1:5/', '/tmp/p', { root: false })).toEqual([
      '--app=http://127.0.0.1:5/', '--no-first-run', '--no-default-browser-check', '--user-data-dir=/tmp/p',
      '--window-size=1440,900',
    ]);
    const asRoot = chromiumArgs('http://127.0.0.1:5/', '/tmp/p', { root: true });
    expect(asRoot).toContain('--no-sandbox');
    expect(asRoot).toContain('--test-type');
  });

  it('parses its options', () => {
    expect(parseStartArgs([])).toEqual({ help: false, build: true, browser: false, port: 0 });
    expect(parseStartArgs(['--no-build', '--browser', '--port', '5178'])).toEqual({ help: false, build: false, browser: true, port: 5178 });
    expect(() => parseStartArgs(['--port', 'x'])).toThrow(/invalid port/);
    expect(() => parseStartArgs(['--nope'])).toThrow('unknown option --nope');
  });
});

describe('npm start without a display', () => {
  it('serves in browser mode and prints the URL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-start-'));
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, LIO_DATA_DIR: dataDir };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(process.execPath, [fileURLToPath(new URL('../start.mjs', import.meta.url)), '--no-build', '--browser'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    const line = await new Promise((resolve, reject) => {
      child.stdout.on('data', (c) => {
        out += c;
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    expect(line).toMatch(/^LIO Lab \(browser mode\) at http:\/\/127\.0\.0\.1:\d+\/ — no display; open it in a browser\n$/);
    const url = String(line).match(/http:\/\/\S+\//)?.[0];
    expect((await fetch(`${url}api/scenarios`)).status).toBe(200);
    const exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
