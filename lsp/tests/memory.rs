//! In-process tests of the server's handlers over `Connection::memory()`: no
//! process, no rustc; the end-to-end tests with real clients are in `tests/lsp/`.

use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

struct Client {
    conn: Connection,
    server: Option<std::thread::JoinHandle<i32>>,
    next: i32,
}

impl Client {
    fn start(capabilities: Value) -> Client {
        Client::start_with(capabilities, Value::Null)
    }

    fn start_with(capabilities: Value, options: Value) -> Client {
        let (server, conn) = Connection::memory();
        let handle = std::thread::spawn(move || minimize_lsp::serve(server).unwrap());
        let mut c = Client {
            conn,
            server: Some(handle),
            next: 1,
        };
        let init = c.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities,
                   "initializationOptions": options}),
        );
        assert!(init.error.is_none(), "{init:?}");
        c.notify("initialized", json!({}));
        c
    }

    fn notify(&self, method: &str, params: Value) {
        self.conn
            .sender
            .send(Notification::new(method.into(), params).into())
            .unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Response {
        let id = RequestId::from(self.next);
        self.next += 1;
        self.conn
            .sender
            .send(Request::new(id.clone(), method.into(), params).into())
            .unwrap();
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(10))
                .expect("an answer")
            {
                Message::Response(r) if r.id == id => return r,
                _ => {}
            }
        }
    }

    fn next_notification(&self, method: &str) -> Notification {
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(10))
                .expect("a notification")
            {
                Message::Notification(n) if n.method == method => return n,
                _ => {}
            }
        }
    }

    /// The next request the server sends to the client with `method`.
    fn next_server_request(&self, method: &str) -> Request {
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(10))
                .expect("a request")
            {
                Message::Request(r) if r.method == method => return r,
                _ => {}
            }
        }
    }

    fn respond(&self, id: RequestId, result: Value) {
        self.conn
            .sender
            .send(Response::new_ok(id, result).into())
            .unwrap();
    }

    fn shutdown(mut self) -> i32 {
        let r = self.request("shutdown", Value::Null);
        assert!(r.error.is_none());
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().unwrap()
    }
}

fn actions(c: &mut Client, path: &std::path::Path, line: u32) -> Vec<Value> {
    let uri = format!("file://{}", path.display());
    let r = c.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
            "context": {"diagnostics": []}
        }),
    );
    serde_json::from_value(r.result.unwrap()).unwrap()
}

#[test]
fn capabilities_and_actions() {
    let mut c = Client::start(json!({}));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bug.rs");
    std::fs::write(&file, "fn main() {}\n").unwrap();
    let a = actions(&mut c, &file, 0);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0]["title"], "Minimize this ICE");
    assert_eq!(a[0]["command"]["command"], "cargo-minimize.minimize");
    assert_eq!(a[0]["command"]["arguments"][0]["kind"], "iceFile");
    // Not Rust, or missing: nothing.
    let other = dir.path().join("notes.txt");
    std::fs::write(&other, "x").unwrap();
    assert!(actions(&mut c, &other, 0).is_empty());
    assert!(actions(&mut c, &dir.path().join("gone.rs"), 0).is_empty());
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn actions_in_a_crate_offer_the_test_and_the_crate() {
    let mut c = Client::start(json!({}));
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("kit");
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(
        root.join("Cargo.toml"),
        "[package]\nname = \"kit\"\nversion = \"0.1.0\"\n",
    )
    .unwrap();
    let lib = root.join("src/lib.rs");
    std::fs::write(&lib, "#[test]\nfn fails() {\n    panic!(\"x\");\n}\n").unwrap();
    let a = actions(&mut c, &lib, 2);
    let titles: Vec<&str> = a.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        [
            "Minimize failing test `fails`",
            "Minimize this ICE (crate `kit`)",
            "Minimize this ICE (file `lib.rs` alone)"
        ]
    );
    assert_eq!(a[0]["command"]["arguments"][0]["test"], "fails");
    assert_eq!(a[0]["command"]["arguments"][0]["kind"], "test");
    c.shutdown();
}

#[test]
fn errors_are_answers_not_crashes() {
    let mut c = Client::start(json!({}));
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r.error.unwrap().code, -32601);
    let r = c.request("textDocument/codeAction", json!({"nonsense": 1}));
    assert_eq!(r.error.unwrap().code, -32602);
    let r = c.request(
        "workspace/executeCommand",
        json!({"command": "cargo-minimize.minimize", "arguments": [42]}),
    );
    assert_eq!(r.error.unwrap().code, -32602);
    let r = c.request(
        "workspace/executeCommand",
        json!({"command": "cargo-minimize.nope"}),
    );
    assert!(r.error.unwrap().message.contains("unknown command"));
    let r = c.request(
        "workspace/executeCommand",
        json!({"command": "cargo-minimize.report"}),
    );
    assert!(r.error.unwrap().message.contains("no minimized result"));
    let r = c.request(
        "workspace/executeCommand",
        json!({"command": "cargo-minimize.cancel"}),
    );
    assert_eq!(r.result.unwrap(), json!(0));
    c.notify("$/cancelRequest", json!({"id": 999}));
    c.notify("unknown/notification", json!({}));
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"cargoMinimize": {"timeout": "soon"}}}),
    );
    let m = c.next_notification("window/showMessage");
    assert!(m.params["message"]
        .as_str()
        .unwrap()
        .contains("invalid settings"));
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn exit_without_shutdown_is_an_error_code() {
    let mut c = Client::start(json!({}));
    c.notify("exit", Value::Null);
    assert_eq!(c.server.take().unwrap().join().unwrap(), 1);
}

#[test]
fn requests_after_shutdown_are_refused() {
    let mut c = Client::start(json!({}));
    let r = c.request("shutdown", Value::Null);
    assert!(r.error.is_none());
    let r = c.request("textDocument/codeAction", json!({}));
    assert_eq!(r.error.unwrap().code, -32600);
    c.notify("exit", Value::Null);
    assert_eq!(c.server.take().unwrap().join().unwrap(), 0);
}

#[test]
fn invalid_initialization_options_are_reported() {
    let c = Client::start_with(json!({}), json!({"jobs": "all"}));
    let m = c.next_notification("window/showMessage");
    assert!(m.params["message"].as_str().unwrap().contains("`jobs`"));
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn the_command_arguments_are_checked() {
    let mut c = Client::start(json!({}));
    for args in [json!([{"job": "x"}]), json!([3])] {
        let r = c.request(
            "workspace/executeCommand",
            json!({"command": "cargo-minimize.cancel", "arguments": args}),
        );
        assert_eq!(r.error.unwrap().code, -32602);
    }
    let r = c.request(
        "workspace/executeCommand",
        json!({"command": "cargo-minimize.cancel", "arguments": [{"job": 7}]}),
    );
    assert_eq!(r.result.unwrap(), json!(0));
    let r = c.request(
        "workspace/executeCommand",
        json!({"command": "cargo-minimize.openReport", "arguments": [{"job": 7}]}),
    );
    assert!(r.error.unwrap().message.contains("no minimized result"));
    assert_eq!(c.shutdown(), 0);
}

/// A crash file as rustc 1.95 writes it (backtrace shortened).
const ICE_FILE: &str = "thread 'rustc' panicked at /rustc/abc/compiler/rustc_hir_typeck/src/method/probe.rs:1112:17:\nassertion `left == right` failed\nstack backtrace:\n   0: x\n\n\nrustc version: 1.95.0\nplatform: x86_64-unknown-linux-gnu\n\nquery stack during panic:\n#0 [typeck] type-checking `LIMIT`\n#1 [analysis] running analysis passes on crate `icy`\nend of query stack\n";

#[test]
fn the_crash_watcher_registers_and_offers_a_minimization() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("icy");
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::write(
        root.join("Cargo.toml"),
        "[package]\nname = \"icy\"\nversion = \"0.1.0\"\n",
    )
    .unwrap();
    std::fs::write(root.join("src/lib.rs"), "pub fn f() {}\n").unwrap();
    let c = Client::start(
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let reg = c.next_server_request("client/registerCapability");
    let r = &reg.params["registrations"][0];
    assert_eq!(r["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        r["registerOptions"]["watchers"][0]["globPattern"],
        "**/rustc-ice-*.txt"
    );
    c.respond(reg.id, Value::Null);
    let ice = root.join("rustc-ice-2026-01-01T00_00_00-1.txt");
    std::fs::write(&ice, ICE_FILE).unwrap();
    let uri = format!("file://{}", ice.display());
    // Created and changed: asked once.
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri, "type": 1}, {"uri": uri, "type": 2}]}),
    );
    let ask = c.next_server_request("window/showMessageRequest");
    assert_eq!(
        ask.params["message"],
        "rustc crashed while compiling `icy` (query `typeck` of `LIMIT`). Minimize a repro?"
    );
    let titles: Vec<&str> = ask.params["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Minimize a repro", "Not now"]);
    // Another crash of the same crate while the question is open: not asked again.
    let again = root.join("rustc-ice-2026-01-01T00_00_01-2.txt");
    std::fs::write(&again, ICE_FILE).unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": format!("file://{}", again.display()), "type": 1}]}),
    );
    let log = c.next_notification("window/logMessage");
    assert!(
        log.params["message"]
            .as_str()
            .unwrap()
            .contains("not asked"),
        "{log:?}"
    );
    c.respond(ask.id, json!({"title": "Not now"}));
    // Other files are not crash files.
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": format!("file://{}/notes.txt", root.display()), "type": 1}]}),
    );
    assert!(root.join("src/lib.rs").exists());
    assert_eq!(c.shutdown(), 0);
}

#[test]
fn no_registration_without_dynamic_registration() {
    let mut c = Client::start(json!({}));
    // The first message after `initialized` is the answer to this request.
    let r = c.request("textDocument/codeAction", json!({}));
    assert!(r.error.is_some());
    assert_eq!(c.shutdown(), 0);
}
