//! The part of a failing run's output worth pasting into a bug report: rustc's
//! warnings, the backtrace frames and cargo's `Caused by:` (the rustc command line,
//! full of scratch paths) left out; the errors, the ICE message, the notes and the
//! query stack kept, within a line budget.

/// `output` without warning blocks (from a `warning:` line through the blank line
/// that ends its diagnostic) and with each run of backtrace frames (`  12: name`
/// and the `at file:line` lines under them) replaced by one line saying how many
/// frames were left out; runs of blank lines collapsed. Past `max_lines`, the
/// first and the last lines are kept (the query stack is at the end) around a line
/// saying how many were left out.
pub(crate) fn excerpt(output: &str, max_lines: usize) -> String {
    let mut kept: Vec<String> = Vec::new();
    let mut in_warning = false;
    let mut in_caused_by = false;
    let mut frames = 0usize;
    let flush = |kept: &mut Vec<String>, frames: &mut usize| {
        if *frames > 0 {
            let s = if *frames == 1 { "" } else { "s" };
            kept.push(format!("  [{frames} backtrace frame{s} left out]"));
            *frames = 0;
        }
    };
    for line in output.lines() {
        if in_warning {
            in_warning = !line.trim().is_empty();
            continue;
        }
        if in_caused_by && (line.starts_with(' ') || line.trim().is_empty()) {
            continue;
        }
        in_caused_by = line == "Caused by:";
        if in_caused_by {
            continue;
        }
        if line.starts_with("warning:") {
            flush(&mut kept, &mut frames);
            in_warning = true;
            continue;
        }
        if is_frame(line) {
            frames += 1;
            continue;
        }
        if frames > 0 && line.trim_start().starts_with("at ") {
            continue;
        }
        flush(&mut kept, &mut frames);
        if line.trim().is_empty() && kept.last().is_none_or(|l| l.trim().is_empty()) {
            continue;
        }
        kept.push(line.trim_end().to_string());
    }
    flush(&mut kept, &mut frames);
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    if kept.len() > max_lines && max_lines >= 4 {
        let tail = max_lines / 3;
        let head = max_lines - tail - 1;
        let gone = kept.len() - head - tail;
        let mut cut: Vec<String> = kept[..head].to_vec();
        cut.push(format!("[... {gone} lines left out ...]"));
        cut.extend_from_slice(&kept[kept.len() - tail..]);
        kept = cut;
    }
    kept.join("\n")
}

/// A backtrace frame line: `   12: rustc_driver::main`.
fn is_frame(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(": ") && line.len() > t.len()
}

/// `text` with the paths into the run's scratch directory `root` made relative to
/// the case: `ROOT/SLOT/case/bug.rs` (a single file's check) and
/// `ROOT/SLOT/crate/src/lib.rs` (a crate's copy) become `bug.rs` and `src/lib.rs`,
/// as they are beside the result the report shows.
pub(crate) fn without_scratch_paths(text: &str, root: &std::path::Path) -> String {
    let root = format!("{}/", root.display());
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&root) {
        out.push_str(&rest[..at]);
        rest = &rest[at + root.len()..];
        // The slot (a worker's or a check's directory), then the case's own root.
        if let Some(slash) = rest.find('/') {
            if !rest[..slash].contains(char::is_whitespace) {
                rest = &rest[slash + 1..];
            }
        }
        for dir in ["case/", "crate/"] {
            if let Some(r) = rest.strip_prefix(dir) {
                rest = r;
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The failure as rustc or the test printed it, for the report's one-line summary:
/// the `error: internal compiler error…` line, else `panicked at LOCATION: MESSAGE`
/// from a `thread '…' panicked at LOCATION:` line and the message under it; at most
/// `MAX` characters.
pub(crate) fn failure_line(output: &str) -> Option<String> {
    const MAX: usize = 400;
    let lines: Vec<&str> = output.lines().collect();
    let line = if let Some(l) = lines
        .iter()
        .find(|l| l.starts_with("error: internal compiler error"))
    {
        l.trim_start_matches("error: ").to_string()
    } else {
        let i = lines
            .iter()
            .position(|l| l.starts_with("thread '") && l.contains(" panicked at "))?;
        let at = lines[i]
            .split_once(" panicked at ")?
            .1
            .trim_end_matches(':');
        let message = lines.get(i + 1).map(|m| m.trim()).unwrap_or("");
        format!("panicked at {at}: {message}")
    };
    let line = line.trim();
    Some(match line.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ICE: &str = "warning: unused variable: `b`
 --> b.rs:2:22
  |
2 |     let [(ref d, c), b];
  |                      ^ help: prefix it with an underscore: `_b`

warning: 1 warning emitted

error: internal compiler error: encountered unexpected unsized field
  |
  = note: delayed at compiler/rustc_ty_utils/src/layout.rs:103:32

stack backtrace:
   0: std::backtrace::Backtrace::create
   1: rustc_errors::DiagCtxtInner::flush_delayed
             at ./compiler/rustc_errors/src/lib.rs:1:1
   2: main


note: we would appreciate a bug report

query stack during panic:
#0 [layout_of] computing layout of `(str, i32)`
end of query stack
error: could not compile `app` (lib)

Caused by:
  process didn't exit successfully: `rustc --crate-name app --out-dir /tmp/x` (exit status: 101)
";

    #[test]
    fn warnings_frames_and_the_rustc_command_are_left_out() {
        assert_eq!(
            excerpt(ICE, 100),
            "error: internal compiler error: encountered unexpected unsized field
  |
  = note: delayed at compiler/rustc_ty_utils/src/layout.rs:103:32

stack backtrace:
  [3 backtrace frames left out]

note: we would appreciate a bug report

query stack during panic:
#0 [layout_of] computing layout of `(str, i32)`
end of query stack
error: could not compile `app` (lib)"
        );
    }

    #[test]
    fn long_output_keeps_its_start_and_end() {
        let text: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let e = excerpt(&text, 10);
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], "line 0");
        assert_eq!(lines[6], "[... 91 lines left out ...]");
        assert_eq!(lines[9], "line 99");
    }

    #[test]
    fn test_output_is_kept_as_it_is() {
        let out = "running 1 test\ntest parses ... FAILED\n\nthread 'parses' (7) panicked at src/lib.rs:3:5:\nboom\n";
        assert_eq!(excerpt(out, 40), out.trim_end());
    }

    #[test]
    fn scratch_paths_become_the_case_s_own() {
        let root = std::path::Path::new("/tmp/cargo-minimize-check-ab12");
        let text = "error: internal compiler error: /rustc-dev/x/compiler/a.rs:1:2: oops {closure@/tmp/cargo-minimize-check-ab12/report/case/bug.rs:18:12: 18:20}\n --> /tmp/cargo-minimize-check-ab12/a/crate/src/lib.rs:3:1\n";
        assert_eq!(
            without_scratch_paths(text, root),
            "error: internal compiler error: /rustc-dev/x/compiler/a.rs:1:2: oops {closure@bug.rs:18:12: 18:20}\n --> src/lib.rs:3:1\n"
        );
    }

    #[test]
    fn the_failure_line_is_the_ice_or_the_panic_as_printed() {
        let ice = "warning: x\nerror: internal compiler error: compiler/a.rs:1:2: bad `T`\n\nthread 'rustc' (123) panicked at compiler/a.rs:1:2:\nBox<dyn Any>\n";
        assert_eq!(
            failure_line(ice).as_deref(),
            Some("internal compiler error: compiler/a.rs:1:2: bad `T`")
        );
        let panic = "running 1 test\n\nthread 'parse' (77) panicked at src/scanner.rs:955:17:\ninternal error: entered unreachable code\n";
        assert_eq!(
            failure_line(panic).as_deref(),
            Some("panicked at src/scanner.rs:955:17: internal error: entered unreachable code")
        );
        assert_eq!(failure_line("all good\n"), None);
        let long = format!("error: internal compiler error: {}", "x".repeat(1000));
        assert_eq!(failure_line(&long).unwrap().chars().count(), 401);
    }
}
