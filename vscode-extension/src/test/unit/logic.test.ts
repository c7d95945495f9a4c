// Unit tests of the extension's own logic (plain Node, no VS Code).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkServer,
  Increments,
  parseVersion,
  pickAction,
  resultMessage,
  serverOptions,
  statusText,
  versionAtLeast,
} from '../../logic';

test('settings become the server options', () => {
  const o = serverOptions({
    serverPath: '/x',
    jobs: 2.7,
    timeout: -1,
    rustcFlags: ['-Zvalidate-mir'],
    cargoFlags: [],
    env: { RUSTC_BOOTSTRAP: '1' },
    tool: 'clippy',
  });
  assert.deepEqual(o, {
    jobs: 2,
    timeout: null,
    rustcFlags: ['-Zvalidate-mir'],
    cargoFlags: [],
    env: { RUSTC_BOOTSTRAP: '1' },
    tool: 'clippy',
  });
  assert.equal('serverPath' in o, false);
  assert.equal(serverOptions({ ...base(), timeout: 5 }).timeout, 5);
  assert.equal(serverOptions({ ...base(), timeout: null }).timeout, null);
});

function base() {
  return {
    serverPath: '/x',
    jobs: 0,
    timeout: null,
    rustcFlags: [],
    cargoFlags: [],
    env: {},
    tool: 'rustc' as const,
  };
}

test('versions', () => {
  assert.deepEqual(parseVersion('cargo minimize 0.1.0\n'), [0, 1, 0]);
  assert.equal(parseVersion('rustc'), undefined);
  assert.equal(versionAtLeast([0, 1, 0], '0.1.0'), true);
  assert.equal(versionAtLeast([0, 2, 0], '0.1.9'), true);
  assert.equal(versionAtLeast([0, 0, 9], '0.1.0'), false);
});

test('server checks give actionable messages', () => {
  assert.match(checkServer('cargo-minimize', { status: null, stdout: '', error: 'ENOENT' })!, /not found.*cargoMinimize.server.path/);
  assert.match(checkServer('/bin/false', { status: 1, stdout: '' })!, /--version failed/);
  assert.match(checkServer('/bin/echo', { status: 0, stdout: 'hello' })!, /does not look like/);
  assert.match(checkServer('old', { status: 0, stdout: 'cargo minimize 0.0.1' })!, /too old/);
  assert.equal(checkServer('ok', { status: 0, stdout: 'cargo minimize 0.1.0' }), undefined);
});

test('percentages become increments', () => {
  const inc = new Increments();
  assert.equal(inc.next(undefined), undefined);
  assert.equal(inc.next(10), 10);
  assert.equal(inc.next(25), 15);
  assert.equal(inc.next(20), 0);
  assert.equal(inc.next(150), 75);
});

test('picking the action', () => {
  const crate = ['Minimize failing test `t`', 'Minimize this ICE (crate `k`)', 'Minimize this ICE (file `lib.rs` alone)'];
  assert.equal(pickAction(crate, 'test'), 0);
  assert.equal(pickAction(crate, 'crateIce'), 1);
  assert.equal(pickAction(crate, 'fileIce'), 2);
  assert.equal(pickAction(['Minimize this ICE'], 'fileIce'), 0);
  assert.equal(pickAction(['Minimize this ICE'], 'test'), -1);
});

test('status text', () => {
  assert.equal(statusText('9325 → 72 bytes', 42.4), '$(loading~spin) Minimizing 42%: 9325 → 72 bytes');
  assert.equal(statusText(undefined, undefined), '$(loading~spin) Minimizing');
});

test('what a finished job says', () => {
  const base = { job: 1, output: '/w/a_min.rs', inputBytes: 300, outputBytes: 100, predicateRuns: 42, cancelled: false };
  assert.deepEqual(resultMessage(base), { level: 'info', text: 'Minimized 300 → 100 bytes in 42 checks.' });
  assert.equal(resultMessage({ ...base, oneMinimal: true }).text, 'Minimized 300 → 100 bytes in 42 checks (1-minimal).');
  assert.match(resultMessage({ ...base, cancelled: true }).text, /cancelled; the best so far \(300 → 100 bytes\) is in \/w\/a_min.rs/);
  assert.match(resultMessage({ ...base, cancelled: true, keptEarlier: true }).text, /kept the earlier, smaller result/);
  assert.deepEqual(resultMessage({ job: 2, cancelled: false, error: { kind: 'notInteresting', message: 'no ICE' } }), {
    level: 'error',
    text: 'cargo-minimize: no ICE',
  });
  assert.equal(resultMessage({ job: 3, cancelled: true, error: { kind: 'cancelled', message: 'x' } }).level, 'info');
});
