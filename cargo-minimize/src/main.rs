//! `cargo minimize`: the command-line front end of the reduction engine.

mod cli;
mod exit;
mod progress;
mod run;

use clap::Parser;

fn main() {
    // Cargo runs us as `cargo-minimize minimize ARGS`.
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv.get(1).is_some_and(|a| a == "minimize") {
        argv.remove(1);
    }
    if argv.get(1).is_some_and(|a| a == "lsp") {
        // The language server: stdout is the transport, so nothing else may print.
        match minimize_lsp::run_stdio() {
            Ok(code) => std::process::exit(code),
            Err(e) => {
                eprintln!("error: the language server failed: {e:#}");
                std::process::exit(exit::INTERNAL);
            }
        }
    }
    let args = match cli::Args::try_parse_from(&argv) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
            let _ = e.print();
            if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp) {
                run::print_stdout(&format!("\n{}", exit::TABLE));
            }
            std::process::exit(code);
        }
    };
    match run::run(args) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("error: {e}");
            // The causes, when they add something to the message.
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                if !e.message.contains(&s.to_string()) {
                    eprintln!("  caused by: {s}");
                }
                source = s.source();
            }
            std::process::exit(exit::code(e.kind));
        }
    }
}
