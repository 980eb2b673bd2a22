//! The error of a variant that could not be loaded: the file, the line and column, the
//! message, and the line's text to show under it with a caret.

use std::fmt;

/// A variant that could not be loaded, and where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file (path as given, or `<embedded>/NAME.ron`).
    pub file: String,
    /// 1-based line; 0 when the problem has no position (a file that cannot be read).
    pub line: usize,
    /// 1-based character column; 0 when there is no position.
    pub column: usize,
    pub message: String,
    /// The text of `line`, shown under the message.
    pub line_text: String,
}

impl LoadError {
    pub(super) fn new(file: &str, text: &str, line: usize, column: usize, message: String) -> Self {
        LoadError {
            file: file.to_string(),
            line,
            column,
            message,
            line_text: text
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .to_string(),
        }
    }

    pub(super) fn without_position(file: &str, message: impl Into<String>) -> Self {
        LoadError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
            line_text: String::new(),
        }
    }
}

impl LoadError {
    /// The line's text and, under it, a caret at the column.
    pub fn excerpt(&self) -> String {
        let pad: String = self
            .line_text
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!("{}\n{pad}^", self.line_text)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: {}", self.file, self.message);
        }
        writeln!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )?;
        write!(f, "{}", self.excerpt())
    }
}

impl std::error::Error for LoadError {}
