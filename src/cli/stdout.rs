//! Standard output of the command line. A reader that closes the pipe early
//! (`alfil variants | head -3`) ends the program quietly, as Unix tools do, instead of the panic
//! `println!` gives; any other write error ends it with a message.

use std::fmt;
use std::io::{self, ErrorKind, Write};

/// Write `args` to standard output.
pub fn write(args: fmt::Arguments<'_>) {
    let result = io::stdout().lock().write_fmt(args);
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            std::process::exit(1)
        }
    }
}

/// `print!` to standard output through [`write`](fn@crate::cli::stdout::write).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write(format_args!($($arg)*))
    };
}

/// `println!` to standard output through [`write`](fn@crate::cli::stdout::write).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::cli::stdout::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::stdout::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}
