//! The place of an answer, the same way in every mode: a command-line argument, or a line
//! of standard input or of a file. (An answer from a record of a web archive adds the
//! record: `rfc1738::reports::InRecord`.)

/// Where an input came from: a command-line argument (its position among the inputs
/// given as arguments, from 1), or a line (from 1) of standard input (`file` `None`) or
/// of a file. JSON objects carry the line as `line` (and the file as `file`).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Place<'f> {
    Argument(usize),
    Line { file: Option<&'f str>, line: usize },
}

impl Place<'_> {
    /// `FILE:LINE:COLUMN: ` (`-` for standard input; `FILE:LINE: ` without a column) for
    /// a line, nothing for an argument, which the output echoes.
    pub(crate) fn label(self, column: Option<usize>) -> String {
        match (self, column) {
            (Place::Line { file, line }, Some(column)) => {
                format!(
                    "{}:{line}:{column}: ",
                    rfc1738::escape_controls(file.unwrap_or("-"))
                )
            }
            (Place::Line { file, line }, None) => {
                format!("{}:{line}: ", rfc1738::escape_controls(file.unwrap_or("-")))
            }
            (Place::Argument(_), _) => String::new(),
        }
    }
}
