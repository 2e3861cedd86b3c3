//! `rfc1738 completions` and `rfc1738 man`: the shell completion scripts (clap_complete)
//! and the manual pages (clap_mangen), generated from the same clap definitions as the
//! parser of the command line, so that neither can drift from it.

use crate::cli::Cli;
use crate::status::Status;
use clap::CommandFactory;
use std::io::{self, Write};
use std::path::Path;

/// Prints the completion script of `shell`.
pub(crate) fn completions(shell: clap_complete::Shell, out: &mut impl Write) -> io::Result<()> {
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "rfc1738", out);
    Ok(())
}

/// The command line, built, and its commands but clap's `help`. Once built, each command
/// knows the global options, its display name (`rfc1738-parse`, a page's title) and its
/// name as typed (`rfc1738 parse`, its synopsis).
fn commands() -> (clap::Command, Vec<clap::Command>) {
    let mut top = Cli::command();
    top.build();
    let commands = top
        .get_subcommands()
        .filter(|command| command.get_name() != "help")
        .cloned()
        .collect();
    (top, commands)
}

/// The name of a command's page: `rfc1738-parse`, `rfc1738` for the top.
fn page_name(command: &clap::Command) -> String {
    command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_owned()
}

/// Prints the page of `command` (rfc1738's own without one), or writes every page into
/// `dir`, saying on standard error which files it wrote.
pub(crate) fn man(
    command: Option<&str>,
    dir: Option<&Path>,
    out: &mut crate::output::Out,
) -> io::Result<Status> {
    let (top, commands) = commands();
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)?;
        for page in std::iter::once(top).chain(commands) {
            let path = dir.join(format!("{}.1", page_name(&page)));
            let mut roff = Vec::new();
            render(page, &mut roff)?;
            std::fs::write(&path, roff).map_err(|error| {
                io::Error::new(error.kind(), format!("{}: {error}", path.display()))
            })?;
            out.note(format_args!("rfc1738 man: wrote {}", path.display()))?;
        }
        return Ok(Status::Valid);
    }
    let page = match command {
        None => top,
        Some(name) => {
            let names: Vec<&str> = commands.iter().map(clap::Command::get_name).collect();
            let names = names.join(", ");
            match commands.iter().find(|command| command.get_name() == name) {
                Some(page) => page.clone(),
                None => crate::usage_error(
                    "man",
                    format!("no command {name:?}: the pages are of {names}"),
                ),
            }
        }
    };
    render(page, out)?;
    Ok(Status::Valid)
}

/// Writes the page of `command`, its source `rfc1738 VERSION` (a command's own would name
/// it without a version) and the manual "User Commands".
fn render(command: clap::Command, out: &mut dyn Write) -> io::Result<()> {
    clap_mangen::Man::new(command)
        .source(format!("rfc1738 {}", env!("CARGO_PKG_VERSION")))
        .manual("User Commands")
        .render(out)
}
