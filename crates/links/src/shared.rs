//! What the reader tells the emitter, which html5gum's tokenizer owns apart.

use super::markup::Charset;
use super::token::TagToken;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// What the reader tells the emitter: the line of what has been read, whether the
/// Latin-1 reading has begun, whether the end was reached, and what HTML 2.0's reading of
/// declarations found in what the tokenizer has been handed.
#[derive(Debug, Default)]
pub(super) struct Shared {
    /// Line breaks read so far.
    pub(super) breaks: AtomicU64,
    pub(super) latin1: AtomicBool,
    /// The reader answered "no more input".
    pub(super) eof: AtomicBool,
    /// Declarations skipped or left open, due now (in document order).
    pub(super) found: Mutex<VecDeque<TagToken>>,
}

impl Shared {
    pub(super) fn line(&self) -> u64 {
        self.breaks.load(Ordering::Relaxed) + 1
    }

    pub(super) fn charset(&self) -> Charset {
        match self.latin1.load(Ordering::Relaxed) {
            true => Charset::Latin1,
            false => Charset::Utf8,
        }
    }

    /// Whether the tokenizer has been told the input ended.
    pub(super) fn at_end(&self) -> bool {
        self.eof.load(Ordering::Relaxed)
    }

    /// Moves what the declarations' reader found, and is due, to `tokens`.
    pub(super) fn take_found(&self, tokens: &mut VecDeque<TagToken>) {
        let mut found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        tokens.extend(found.drain(..));
    }
}
