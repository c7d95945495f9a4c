// End-to-end tests of `cargo-minimize lsp` over stdio, with a real client built on
// `vscode-languageserver-protocol`, the real server binary and the real rustc.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  CodeActionRequest,
  ExecuteCommandRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  WorkDoneProgressCancelNotification,
} from 'vscode-languageserver-protocol/node';
import { start, workspaceWith, tempDir, expectedIce, compile, childrenOf, uri, repo } from './client.mjs';

const ICE = 'tests/ices/gce_bool_mul_const_eval.rs';
const BIG = 'examples/ice-buried/bug.rs';
const SETTINGS = { jobs: 2, timeout: 60, env: { RUSTC_BOOTSTRAP: '1' }, cacheDir: 'off' };

async function actionsFor(s, file, line = 0) {
  return s.conn.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: uri(file) },
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    context: { diagnostics: [] },
  });
}

/// Runs a code action's command; its answer and when it came.
function run(s, action, extra = {}) {
  return s.command(action.command.command, action.command.arguments, extra);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// A `rustc` that waits 0.3 s first, so that a job on the shipped example (about
/// 1 s with the real one) lasts long enough to be interrupted mid-run: the server
/// reads `RUSTC` from its environment.
function slowRustc(seconds = 0.3) {
  const dir = tempDir('cm-lsp-rustc-');
  const wrapper = path.join(dir, 'rustc');
  fs.writeFileSync(wrapper, `#!/bin/sh\nsleep ${seconds}\nexec rustc "$@"\n`, { mode: 0o755 });
  return { RUSTC: wrapper };
}

async function waitFor(pred, ms = 60000) {
  const t0 = Date.now();
  while (!pred()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting');
    await sleep(20);
  }
}

/// Progress values only rise, and every message fits a status line.
function assertProgressSane(values) {
  let last = 0;
  for (const v of values) {
    if (v.message !== undefined) {
      assert.ok(v.message.length <= 80, `progress message of ${v.message.length} chars: ${v.message}`);
      assert.ok(!v.message.includes('\n'), v.message);
    }
    if (v.percentage !== undefined) {
      assert.ok(v.percentage >= last, `progress went back from ${last} to ${v.percentage}`);
      last = v.percentage;
    }
  }
}

test('the command answers at once; progress rises; the file is written, shown, announced; the report is offered', async () => {
  const { dir, file } = workspaceWith(ICE, 'repro.rs');
  const original = fs.readFileSync(file);
  const cacheDir = path.join(dir, 'cache');
  const s = await start({ options: { ...SETTINGS, cacheDir } });
  try {
    assert.ok(s.init.capabilities.codeActionProvider);
    // Eglot sends this right after `initialized`: it must not undo initializationOptions.
    s.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: {} });
    s.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const actions = await actionsFor(s, file);
    assert.equal(actions.length, 1);
    assert.equal(actions[0].title, 'Minimize this ICE');
    const minPath = path.join(path.dirname(file), 'repro_min.rs');
    const { answer, at } = await run(s, actions[0]);
    // answered when the job started, before it ended
    assert.equal(typeof answer.job, 'number');
    assert.equal(answer.output, minPath);
    assert.equal(s.log.finished.length, 0, 'the answer came before the result');
    const result = await s.finished(answer.job);
    assert.ok(at < result.at);
    assert.equal(result.output, minPath);
    assert.ok(result.outputBytes < result.inputBytes, JSON.stringify(result));
    assert.equal(result.cancelled, false);
    assert.equal(result.keptEarlier, false);
    // progress: the server created a token; begin, at least one report, end; rising
    assert.equal(s.log.created.length, 1);
    assert.equal(answer.token, s.log.created[0]);
    await waitFor(() => s.progressFor(s.log.created[0]).some((v) => v.kind === 'end'), 5000);
    const values = s.progressFor(s.log.created[0]);
    const kinds = values.map((v) => v.kind);
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds.at(-1), 'end');
    assert.ok(kinds.includes('report'), kinds.join(','));
    assertProgressSane(values);
    const reports = values.filter((v) => v.kind === 'report' && v.percentage > 0);
    assert.ok(reports.some((r) => /bytes/.test(r.message)), JSON.stringify(reports));
    // notes after the reduction (formatting) keep the percentage reached
    const fmt = values.find((v) => /formatting|tidying/.test(v.message ?? ''));
    if (fmt) assert.equal(fmt.percentage, Math.max(...reports.map((r) => r.percentage)));
    // the long bug signature went to the log, not to the progress
    assert.ok(s.log.logs.some((l) => /bug signature/.test(l.message)), 'the signature is logged');
    // written by the server (no workspace/applyEdit), shown, and said
    assert.equal(s.log.applied.length, 0);
    await waitFor(() => s.log.shown.length === 1, 5000);
    assert.equal(s.log.shown[0].uri, uri(minPath));
    assert.ok(s.log.messages.some((m) => m.message.includes(minPath)));
    const min = fs.readFileSync(minPath, 'utf8');
    assert.equal(Buffer.byteLength(min), result.outputBytes);
    // still the same ICE; the original untouched; the cache where the settings say
    assert.ok(compile(minPath, ICE).includes(expectedIce(ICE)), 'the result no longer shows the ICE');
    assert.deepEqual(fs.readFileSync(file), original);
    assert.ok(fs.existsSync(cacheDir) && fs.readdirSync(cacheDir).length > 0, 'the cache is in cacheDir');
    // the report command returns the Markdown report of this result
    const report = (await s.command('cargo-minimize.report')).answer;
    assert.match(report, /```rust\n/);
    assert.ok(report.includes(min.trim().split('\n')[0]));
    assert.match(report, /rustc -vV/);
    assert.match(report, /<summary>Output<\/summary>/);
    // "Open bug report" is offered on the file and on the result; it writes and shows the report
    for (const f of [file, minPath]) {
      const titles = (await actionsFor(s, f)).map((a) => a.title);
      assert.ok(titles.includes('Open bug report (`repro_min.rs`)'), titles.join(', '));
      assert.ok(!titles.some((t) => /^Copy/.test(t)), 'no copy action for a client that did not ask');
    }
    const open = (await actionsFor(s, file)).find((a) => a.title.startsWith('Open bug report'));
    const reportPath = (await run(s, open)).answer;
    assert.equal(reportPath, path.join(dir, 'repro_min.report.md'));
    assert.equal(fs.readFileSync(reportPath, 'utf8'), report);
    await waitFor(() => s.log.shown.some((d) => d.uri === uri(reportPath)), 5000);
  } finally {
    assert.equal((await s.stop()).code, 0);
  }
});

test('a client-supplied workDoneToken is used; jobs run one after another', async () => {
  const { file } = workspaceWith(ICE, 'tok.rs');
  const s = await start({ options: SETTINGS });
  try {
    const [action] = await actionsFor(s, file);
    for (const token of ['client-token-1', 'client-token-2']) {
      const seen = [];
      const d = s.onProgress(token, (v) => seen.push(v));
      const { answer } = await run(s, action, { workDoneToken: token });
      assert.equal(answer.token, token);
      const result = await s.finished(answer.job);
      await waitFor(() => seen.some((v) => v.kind === 'end'), 5000);
      d.dispose();
      assert.equal(seen[0].kind, 'begin');
      assert.equal(seen[0].cancellable, true);
      assertProgressSane(seen);
      assert.ok(result.outputBytes < result.inputBytes);
    }
    assert.equal(s.log.created.length, 0, 'no server-created token when the client gives one');
  } finally {
    await s.stop();
  }
});

test('"Cancel minimization" is offered while a job runs; it stops the job within a second, kills its children, keeps the best so far', async () => {
  const { file } = workspaceWith(BIG, 'big.rs');
  const original = fs.readFileSync(file);
  const s = await start({ options: SETTINGS, env: slowRustc() });
  try {
    const [action] = await actionsFor(s, file);
    const { answer } = await run(s, action);
    // Wait until the reduction is under way and has improved something.
    await waitFor(() => s.log.progress.some((p) => p.value.kind === 'report' && p.value.percentage > 0));
    // Other requests are answered while the job runs; the file offers only the cancel.
    const latencies = [];
    let actions;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      actions = await actionsFor(s, file);
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    assert.ok(latencies[2] < 100, `median code action latency ${latencies[2]} ms during a job`);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Cancel minimization of `big.rs`'],
    );
    await waitFor(() => childrenOf(s.child.pid).length > 0, 5000); // rustc, a child of the server
    const t0 = Date.now();
    const n = (await run(s, actions[0])).answer;
    assert.equal(n, 1);
    const result = await s.finished(answer.job, 5000);
    const took = Date.now() - t0;
    assert.ok(took < 1000, `cancelling took ${took} ms`);
    assert.equal(result.cancelled, true);
    assert.deepEqual(childrenOf(s.child.pid), [], 'child processes left after cancel');
    const minPath = path.join(path.dirname(file), 'big_min.rs');
    assert.equal(result.output, minPath);
    assert.ok(fs.statSync(minPath).size < original.length);
    assert.equal(fs.statSync(minPath).size, result.outputBytes);
    assert.ok(compile(minPath, 'tests/ices/slice_pattern_deferred_init_layout.rs').includes('unexpected unsized field'));
    assert.deepEqual(fs.readFileSync(file), original);
    const end = s.progressFor(s.log.created[0]).at(-1);
    assert.equal(end.kind, 'end');
    assert.match(end.message, /cancelled/);
    assertProgressSane(s.progressFor(s.log.created[0]));
    // after the job: the minimize action again (a cancelled job has no report)
    const titles = (await actionsFor(s, file)).map((a) => a.title);
    assert.deepEqual(titles, ['Minimize this ICE']);
  } finally {
    await s.stop();
  }
});

test('window/workDoneProgress/cancel stops the job; the result says cancelled', async () => {
  const { file } = workspaceWith(BIG, 'big2.rs');
  const s = await start({ options: SETTINGS, env: slowRustc() });
  try {
    const [action] = await actionsFor(s, file);
    const { answer } = await run(s, action);
    await waitFor(() => s.log.progress.some((p) => p.value.kind === 'report' && p.value.percentage > 0));
    const t0 = Date.now();
    s.conn.sendNotification(WorkDoneProgressCancelNotification.type, { token: s.log.created[0] });
    // cancelling twice is harmless
    s.conn.sendNotification(WorkDoneProgressCancelNotification.type, { token: s.log.created[0] });
    const result = await s.finished(answer.job, 5000);
    assert.ok(Date.now() - t0 < 1000, `cancelling took ${Date.now() - t0} ms`);
    assert.equal(result.cancelled, true);
    assert.ok(result.outputBytes < result.inputBytes);
    assert.deepEqual(childrenOf(s.child.pid), []);
  } finally {
    await s.stop();
  }
});

test('a cancelled rerun keeps the earlier, smaller result', async () => {
  const { file } = workspaceWith(ICE, 'again.rs');
  const minPath = path.join(path.dirname(file), 'again_min.rs');
  let first;
  {
    const s = await start({ options: SETTINGS });
    try {
      const [action] = await actionsFor(s, file);
      first = await s.finished((await run(s, action)).answer.job);
      assert.equal(first.cancelled, false);
    } finally {
      await s.stop();
    }
  }
  const earlier = fs.readFileSync(minPath);
  const s = await start({ options: SETTINGS, env: slowRustc(0.5) });
  try {
    const [action] = await actionsFor(s, file);
    const { answer } = await run(s, action);
    await waitFor(() => s.log.progress.some((p) => p.value.kind === 'report' && p.value.percentage > 0));
    await s.command('cargo-minimize.cancel', [{ job: answer.job }]);
    const result = await s.finished(answer.job, 5000);
    assert.equal(result.cancelled, true);
    assert.equal(result.keptEarlier, true, JSON.stringify(result));
    assert.equal(result.outputBytes, earlier.length);
    assert.deepEqual(fs.readFileSync(minPath), earlier, 'the earlier result was overwritten');
    assert.ok(s.log.messages.some((m) => /kept the earlier, smaller result/.test(m.message)));
  } finally {
    await s.stop();
  }
});

test('a client without showDocument, progress or file creation gets the file written and a message', async () => {
  const { file } = workspaceWith(ICE, 'plain.rs');
  const s = await start({
    caps: { progress: false, showDocument: false, createFiles: false, watchFiles: false },
    options: SETTINGS,
  });
  try {
    const [action] = await actionsFor(s, file);
    const { answer } = await run(s, action);
    const result = await s.finished(answer.job);
    const minPath = path.join(path.dirname(file), 'plain_min.rs');
    assert.ok(s.log.messages.some((m) => m.message.includes(minPath)));
    assert.equal(s.log.applied.length, 0);
    assert.equal(s.log.shown.length, 0);
    assert.equal(s.log.created.length, 0, 'no progress token without client support');
    assert.equal(s.log.registrations.length, 0, 'no watcher without dynamic registration');
    assert.equal(fs.statSync(minPath).size, result.outputBytes);
    assert.ok(compile(minPath, ICE).includes(expectedIce(ICE)));
    // the report opens as a message naming the file
    const open = (await actionsFor(s, file)).find((a) => a.title.startsWith('Open bug report'));
    const reportPath = (await run(s, open)).answer;
    assert.ok(s.log.messages.some((m) => m.message.includes(reportPath)));
    assert.match(fs.readFileSync(reportPath, 'utf8'), /### Internal compiler error/);
  } finally {
    await s.stop();
  }
});

test('bad requests get errors and the server stays up', async () => {
  const { file } = workspaceWith(ICE, 'x.rs');
  const s = await start({ options: SETTINGS, env: { CARGO_MINIMIZE_LSP_TEST_HOOKS: '1' } });
  try {
    await assert.rejects(s.conn.sendRequest('no/suchMethod', {}), (e) => e.code === -32601);
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.minimize', arguments: [{ kind: 'nope' }] }),
      (e) => e.code === -32602,
    );
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, {
        command: 'cargo-minimize.minimize',
        arguments: [{ kind: 'iceFile', path: '/does/not/exist.rs' }],
      }),
      (e) => e.code === -32602 && /no such file/.test(e.message),
    );
    await assert.rejects(s.conn.sendRequest(CodeActionRequest.type, { bogus: true }), (e) => e.code === -32602);
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.report' }),
      (e) => /no minimized result yet/.test(e.message),
    );
    // a panic in a handler is caught and reported
    await assert.rejects(
      s.conn.sendRequest(ExecuteCommandRequest.type, { command: 'cargo-minimize.debug.panic' }),
      (e) => e.code === -32603 && /panicked/.test(e.message),
    );
    // malformed JSON on the wire: a parse error, then business as usual
    s.child.stdin.write('Content-Length: 8\r\n\r\n{"jsonrp');
    // a file that does not exist: no actions, no crash
    assert.deepEqual(await actionsFor(s, '/no/such/file.rs'), []);
    // invalid settings are reported, valid ones applied
    s.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: { cargoMinimize: { jobs: 'many' } } });
    await waitFor(() => s.log.messages.some((m) => /invalid settings/.test(m.message)), 5000);
    assert.equal((await actionsFor(s, file)).length, 1);
    // a job whose check does not crash: answered at once, the error comes at the end
    const calm = path.join(path.dirname(file), 'calm.rs');
    fs.writeFileSync(calm, 'pub fn f() {}\n');
    const [action] = await actionsFor(s, calm);
    const { answer } = await run(s, action);
    const result = await s.finished(answer.job);
    assert.equal(result.error.kind, 'notInteresting', JSON.stringify(result));
    assert.ok(s.log.messages.some((m) => m.type === 1 && m.message.includes(result.error.message)));
    assert.ok(!fs.existsSync(path.join(path.dirname(file), 'calm_min.rs')));
  } finally {
    const r = await s.stop();
    assert.equal(r.code, 0, s.stderr());
  }
});

test('shutdown during a job stops it and the server exits cleanly', async () => {
  const { file } = workspaceWith(BIG, 'big3.rs');
  const s = await start({ options: SETTINGS, env: slowRustc() });
  const [action] = await actionsFor(s, file);
  await run(s, action);
  await waitFor(() => childrenOf(s.child.pid).length > 0);
  const t0 = Date.now();
  await s.conn.sendRequest('shutdown');
  assert.ok(Date.now() - t0 < 2000, `shutdown took ${Date.now() - t0} ms`);
  s.conn.sendNotification('exit');
  const r = await s.exited;
  assert.equal(r.code, 0);
  s.conn.dispose();
});

test('the failing-test action reduces a crate while the test keeps failing', async () => {
  const dir = tempDir('cm-lsp-crate-');
  const root = path.join(dir, 'demo');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'Cargo.toml'), '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n');
  const lib = [
    'pub fn add(a: u32, b: u32) -> u32 { a + b }',
    'pub fn mul(a: u32, b: u32) -> u32 { a * b }',
    'pub struct Point { pub x: i32, pub y: i32 }',
    'impl Point { pub fn norm1(&self) -> i32 { self.x.abs() + self.y.abs() } }',
    'pub fn parse(s: &str) -> Vec<u32> { s.split(",").map(|x| x.trim().parse().unwrap()).collect() }',
    '',
    '#[cfg(test)]',
    'mod tests {',
    '    use super::*;',
    '    #[test]',
    '    fn adds() { assert_eq!(add(2, 2), 4); }',
    '    #[test]',
    '    fn parses_numbers() {',
    '        let v = parse("1, 2, x");',
    '        assert_eq!(v.len(), 3);',
    '    }',
    '}',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'src', 'lib.rs'), lib);
  const s = await start({ options: { ...SETTINGS, jobs: 2 } });
  try {
    const actions = await actionsFor(s, path.join(root, 'src', 'lib.rs'), 13);
    assert.equal(actions[0].title, 'Minimize failing test `parses_numbers`');
    const out = path.join(dir, 'demo.min', 'src', 'lib.rs');
    const { answer } = await run(s, actions[0]);
    assert.equal(answer.output, out);
    // nothing is written beside the original while the job runs
    assert.ok(!fs.existsSync(path.join(dir, 'demo.min')));
    const result = await s.finished(answer.job);
    assert.ok(result.outputBytes < result.inputBytes / 2, JSON.stringify(result));
    assert.equal(result.output, out);
    await waitFor(() => s.log.shown.some((d) => d.uri === uri(out)), 5000);
    const min = fs.readFileSync(out, 'utf8');
    assert.ok(!min.includes('fn mul'), min);
    assert.ok(min.includes('parses_numbers'), min);
    assert.equal(fs.readFileSync(path.join(root, 'src', 'lib.rs'), 'utf8'), lib);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['demo', 'demo.min'], 'no staging directories left');
    const r = spawnSync('cargo', ['test', '--offline', 'parses_numbers'], {
      cwd: path.join(dir, 'demo.min'),
      encoding: 'utf8',
      env: { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'target') },
    });
    assert.notEqual(r.status, 0, 'the reduced crate still fails the test');
    assert.match(r.stdout + r.stderr, /panicked at src\/lib.rs/);
  } finally {
    await s.stop();
  }
});

test('crash watcher: a real rustc crash in `cargo build` is noticed and minimized on request', async () => {
  const dir = tempDir('cm-lsp-crash-');
  const root = path.join(dir, 'icy');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'Cargo.toml'), '[package]\nname = "icy"\nversion = "0.1.0"\nedition = "2021"\n');
  const lib = fs.readFileSync(path.join(repo, 'tests/ices/trait_alias_negative_probe.rs'), 'utf8');
  fs.writeFileSync(path.join(root, 'src', 'lib.rs'), lib);
  const s = await start({
    options: { ...SETTINGS, jobs: 2 },
    answer: (p) => p.actions.find((a) => a.title === 'Minimize a repro'),
  });
  try {
    await waitFor(() => s.log.registrations.length > 0, 5000);
    const reg = s.log.registrations[0];
    assert.equal(reg.method, 'workspace/didChangeWatchedFiles');
    assert.equal(reg.registerOptions.watchers[0].globPattern, '**/rustc-ice-*.txt');
    // A real crash, as in a terminal: rustc writes its crash file into the crate.
    const env = { ...process.env, RUSTC_BOOTSTRAP: '1', CARGO_TARGET_DIR: path.join(dir, 'target') };
    delete env.RUSTC_ICE;
    const build = spawnSync('cargo', ['build', '--offline'], { cwd: root, env, encoding: 'utf8' });
    assert.notEqual(build.status, 0);
    assert.match(build.stderr, /the compiler unexpectedly panicked/);
    const ice = fs.readdirSync(root).find((f) => /^rustc-ice-.*\.txt$/.test(f));
    assert.ok(ice, `no rustc-ice file in ${fs.readdirSync(root).join(', ')}`);
    const icePath = path.join(root, ice);
    // What the editor's file watcher reports for the glob.
    s.conn.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(icePath), type: 1 }],
    });
    await waitFor(() => s.log.asked.length > 0, 10000);
    assert.equal(
      s.log.asked[0].message,
      'rustc crashed while compiling `icy` (query `typeck` of `LIMIT`). Minimize a repro?',
    );
    assert.deepEqual(
      s.log.asked[0].actions.map((a) => a.title),
      ['Minimize a repro', 'Open the crash file', 'Not now'],
    );
    // The answer started the job: progress, then the result.
    await waitFor(() => s.log.finished.length > 0, 300000);
    const result = s.log.finished[0];
    assert.equal(result.cancelled, false, JSON.stringify(result));
    assert.equal(result.result, path.join(dir, 'icy.min'));
    assert.equal(result.output, path.join(dir, 'icy.min', 'src', 'lib.rs'));
    assert.ok(result.outputBytes < result.inputBytes, JSON.stringify(result));
    assert.ok(s.log.created.length === 1, 'progress for the job');
    assertProgressSane(s.progressFor(s.log.created[0]));
    // the result still crashes the same way; the original untouched
    const check = spawnSync('cargo', ['check', '--offline'], {
      cwd: path.join(dir, 'icy.min'),
      env: { ...env, RUSTC_ICE: '0' },
      encoding: 'utf8',
    });
    assert.match(check.stderr, /rustc_hir_typeck\/src\/method\/probe.rs/);
    assert.equal(fs.readFileSync(path.join(root, 'src', 'lib.rs'), 'utf8'), lib);
    // the report links the crash file's details
    const report = (await s.command('cargo-minimize.report', [{ job: result.job }])).answer;
    assert.ok(report.includes(icePath), 'the report names the crash file');
    assert.match(report, /#0 \[typeck\] type-checking `LIMIT`/);
    // the same file again: not asked twice
    s.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(icePath), type: 2 }] });
    await sleep(1000);
    assert.equal(s.log.asked.length, 1);
  } finally {
    await s.stop();
  }
});

test('clippy and rustdoc: a clippy crash in `cargo clippy` is noticed as clippy\'s; the tool setting turns the action into "Minimize this rustdoc crash"', async () => {
  const dir = tempDir('cm-lsp-tools-');
  const corpus = (name) =>
    fs
      .readFileSync(path.join(repo, 'tools/corpus/tool-bugs/tune', name), 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('// '))
      .join('\n');
  const root = path.join(dir, 'lints');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'Cargo.toml'), '[package]\nname = "lints"\nversion = "0.1.0"\nedition = "2021"\n');
  fs.writeFileSync(path.join(root, 'src', 'lib.rs'), corpus('clippy_transmute_fn_item_to_unit_enum.rs'));
  const docs = path.join(dir, 'docs.rs');
  fs.writeFileSync(docs, corpus('rustdoc_auto_trait_unpin_impl_higher_ranked_fn_ptr.rs'));
  const s = await start({
    options: { ...SETTINGS, jobs: 2 },
    answer: (p) => p.actions.find((a) => a.title === 'Minimize a repro'),
  });
  try {
    await waitFor(() => s.log.registrations.length > 0, 5000);
    const env = { ...process.env, RUSTC_BOOTSTRAP: '1', CARGO_TARGET_DIR: path.join(dir, 'target') };
    delete env.RUSTC_ICE;
    const lint = spawnSync('cargo', ['clippy', '--offline'], { cwd: root, env, encoding: 'utf8' });
    assert.notEqual(lint.status, 0);
    const ice = fs.readdirSync(root).find((f) => /^rustc-ice-.*\.txt$/.test(f));
    assert.ok(ice, `no rustc-ice file: ${lint.stderr}`);
    s.conn.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(path.join(root, ice)), type: 1 }],
    });
    await waitFor(() => s.log.asked.length > 0, 10000);
    assert.match(s.log.asked[0].message, /^clippy crashed while compiling `lints` \(query `analysis`[^)]*\)\. Minimize a repro\?$/);
    await waitFor(() => s.log.finished.length > 0, 300000);
    const result = s.log.finished[0];
    assert.equal(result.cancelled, false, JSON.stringify(result));
    assert.equal(result.result, path.join(dir, 'lints.min'));
    assert.ok(result.outputBytes < result.inputBytes, JSON.stringify(result));
    // The result crashes clippy, not rustc.
    const again = spawnSync('cargo', ['clippy', '--offline'], {
      cwd: path.join(dir, 'lints.min'),
      env: { ...env, RUSTC_ICE: '0' },
      encoding: 'utf8',
    });
    assert.match(again.stderr, /no type for node/);
    const check = spawnSync('cargo', ['check', '--offline'], { cwd: path.join(dir, 'lints.min'), env: { ...env, RUSTC_ICE: '0' } });
    assert.equal(check.status, 0);

    // The setting: rustdoc's crash on a file.
    await s.conn.sendNotification(DidChangeConfigurationNotification.type, { settings: { cargoMinimize: { tool: 'rustdoc' } } });
    const titles = (await actionsFor(s, docs)).map((a) => a.title);
    assert.deepEqual(titles, ['Minimize this rustdoc crash']);
    const action = (await actionsFor(s, docs))[0];
    await run(s, action);
    await waitFor(() => s.log.finished.length > 1, 300000);
    const doc = s.log.finished[1];
    assert.equal(doc.cancelled, false, JSON.stringify(doc));
    assert.equal(doc.result, path.join(dir, 'docs_min.rs'));
    assert.match(doc.signature, /auto_trait\.rs/);
    const report = (await s.command('cargo-minimize.report', [{ job: doc.job }])).answer;
    assert.match(report, /### Rustdoc crash/);
    assert.match(report, /`rustdoc -vV`:/);
  } finally {
    await s.stop();
  }
});

export { repo };
