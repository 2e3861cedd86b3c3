//! Tokens: the tags the tokenizer emits, held only up to the limit.

use super::markup::{Charset, HtmlReading};
use super::shared::Shared;
use super::token::{Attribute, TagToken};
use html5gum::{Emitter, State};
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

/// Whether the tag being read is a start or an end tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagKind {
    Start,
    End,
}

/// The emitter: keeps the start tag being read (its name and attributes, up to the
/// limit), drops text, counts comments, and emits each start tag when it ends.
#[derive(Debug)]
pub(super) struct LinkEmitter {
    max_len: usize,
    reading: HtmlReading,
    shared: Arc<Shared>,
    kind: Option<TagKind>,
    name: Vec<u8>,
    /// Bytes of the tag read so far (its name, and the names and values of its
    /// attributes, those of a repeated name included).
    kept: usize,
    tag_too_long: bool,
    tag_line: u64,
    attributes: Vec<Attribute>,
    /// The names of `attributes`, to find a repeated one in constant time.
    names: HashSet<String>,
    /// The attribute being read: name, value, whether too long, its line.
    attribute_name: Vec<u8>,
    attribute_value: Vec<u8>,
    attribute_too_long: bool,
    attribute_line: u64,
    /// The character set in force when the last character of the attribute's name or
    /// value was read: when the attribute ended, since what ends it (a quote, a space,
    /// `>`) is ASCII and comes straight after.
    attribute_charset: Charset,
    in_attribute: bool,
    last_start_tag: Vec<u8>,
    comment_len: usize,
    comment_line: u64,
    doctype_line: u64,
    tokens: VecDeque<TagToken>,
}

impl LinkEmitter {
    pub(super) fn new(max_len: usize, reading: HtmlReading, shared: Arc<Shared>) -> LinkEmitter {
        LinkEmitter {
            max_len,
            reading,
            shared,
            kind: None,
            name: Vec::new(),
            kept: 0,
            tag_too_long: false,
            tag_line: 1,
            attributes: Vec::new(),
            names: HashSet::new(),
            attribute_name: Vec::new(),
            attribute_value: Vec::new(),
            attribute_too_long: false,
            attribute_line: 1,
            attribute_charset: Charset::Utf8,
            in_attribute: false,
            last_start_tag: Vec::new(),
            comment_len: 0,
            comment_line: 1,
            doctype_line: 1,
            tokens: VecDeque::new(),
        }
    }

    /// Queues `token` after what the declarations' reader found before it.
    fn push_token(&mut self, token: TagToken) {
        self.shared.take_found(&mut self.tokens);
        self.tokens.push_back(token);
    }

    /// Queues a comment, declaration or tag skipped, or still open at the end.
    fn skipped(&mut self, what: &'static str, element: String, line: u64, unclosed: bool) {
        let charset = self.shared.charset();
        self.push_token(TagToken::Skipped {
            what,
            element,
            line,
            charset,
            unclosed,
        });
    }

    fn init_tag(&mut self, kind: TagKind) {
        self.kind = Some(kind);
        self.name.clear();
        self.kept = 0;
        self.tag_too_long = false;
        self.attributes.clear();
        self.names.clear();
        self.in_attribute = false;
    }

    /// The tag is longer than the limit: what was kept of it goes.
    fn tag_is_too_long(&mut self) {
        self.tag_too_long = true;
        self.attributes.clear();
        self.names.clear();
        self.attribute_name.clear();
        self.attribute_value.clear();
    }

    /// Keeps `s` as part of the attribute being read (its name, or its value), unless the
    /// attribute is longer than the limit: then its value goes (its first `max_len` bytes
    /// of name are kept, to say which attribute was skipped). What is kept depends on the
    /// bytes only, not on the pieces the tokenizer hands them in.
    fn keep_attribute(&mut self, s: &[u8], value: bool) {
        if self.tag_too_long || self.kind != Some(TagKind::Start) {
            return;
        }
        if value {
            let len = self.attribute_name.len() + self.attribute_value.len() + s.len();
            if self.attribute_too_long || len > self.max_len {
                self.attribute_too_long = true;
                self.attribute_value.clear();
            } else {
                self.attribute_value.extend_from_slice(s);
            }
        } else {
            let room = self.max_len - self.attribute_name.len();
            self.attribute_name
                .extend_from_slice(&s[..s.len().min(room)]);
            if s.len() > room {
                self.attribute_too_long = true;
                self.attribute_value.clear();
            }
        }
    }

    /// Puts the attribute being read on the tag (the first of two of the same name wins);
    /// a tag whose bytes pass the limit is too long, repeated attributes counted too, so
    /// that a tag holds at most `max_len` bytes of attributes and the time spent on it
    /// grows with its length only.
    fn finish_attribute(&mut self) {
        if !self.in_attribute {
            return;
        }
        self.in_attribute = false;
        if self.tag_too_long || self.kind != Some(TagKind::Start) {
            return;
        }
        self.kept += self.attribute_name.len() + self.attribute_value.len();
        if self.kept > self.max_len {
            self.tag_is_too_long();
            return;
        }
        let name = String::from_utf8_lossy(&self.attribute_name).into_owned();
        if !self.names.insert(name.clone()) {
            return;
        }
        let value = (!self.attribute_too_long)
            .then(|| String::from_utf8_lossy(&self.attribute_value).into_owned());
        self.attributes.push(Attribute {
            name,
            value,
            line: self.attribute_line,
            charset: self.attribute_charset,
        });
    }
}

impl Emitter for LinkEmitter {
    type Token = TagToken;

    fn set_last_start_tag(&mut self, last_start_tag: Option<&[u8]>) {
        self.last_start_tag.clear();
        self.last_start_tag
            .extend_from_slice(last_start_tag.unwrap_or_default());
    }

    fn emit_eof(&mut self) {
        // A tag still open at the end (in a quoted value, say) took the rest of the page.
        let name = String::from_utf8_lossy(&self.name).into_owned();
        match self.kind {
            Some(TagKind::Start) => self.skipped("tag", name, self.tag_line, true),
            Some(TagKind::End) => {
                self.skipped("end tag", format!("/{name}"), self.tag_line, true);
            }
            None => {}
        }
        self.shared.take_found(&mut self.tokens);
    }

    fn emit_error(&mut self, _error: html5gum::Error) {}

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn pop_token(&mut self) -> Option<TagToken> {
        if self.tokens.is_empty() {
            self.shared.take_found(&mut self.tokens);
        }
        self.tokens.pop_front()
    }

    fn emit_string(&mut self, _s: &[u8]) {
        // Text: no tag is being read. (An end tag begun in RCDATA, RAWTEXT or script data
        // that is not the element's own turns out to be text: the tokenizer says so only
        // by emitting it as such.)
        self.kind = None;
    }

    fn init_start_tag(&mut self) {
        self.init_tag(TagKind::Start);
    }

    fn init_end_tag(&mut self) {
        self.init_tag(TagKind::End);
    }

    fn init_comment(&mut self) {
        self.comment_len = 0;
        self.comment_line = self.tag_line;
    }

    fn emit_current_tag(&mut self) -> Option<State> {
        self.finish_attribute();
        let kind = self.kind.take()?;
        let name = String::from_utf8_lossy(&self.name).into_owned();
        match kind {
            TagKind::End => {
                self.last_start_tag.clear();
                None
            }
            TagKind::Start => {
                self.last_start_tag.clear();
                self.last_start_tag.extend_from_slice(&self.name);
                let next = self.reading.state_after(&self.name);
                match self.tag_too_long {
                    true => self.skipped("tag", name, self.tag_line, false),
                    false => {
                        let attributes = std::mem::take(&mut self.attributes);
                        self.push_token(TagToken::Tag { name, attributes });
                    }
                }
                next
            }
        }
    }

    fn emit_current_comment(&mut self) {
        // The tokenizer emits a comment still open at the end when it reaches the end.
        let unclosed = self.shared.at_end();
        if unclosed || self.comment_len > self.max_len {
            self.skipped(
                "comment",
                "#comment".to_owned(),
                self.comment_line,
                unclosed,
            );
        }
    }

    fn emit_current_doctype(&mut self) {
        if self.shared.at_end() {
            let line = self.doctype_line;
            self.skipped("declaration", "#declaration".to_owned(), line, true);
        }
    }

    fn set_self_closing(&mut self) {}

    fn set_force_quirks(&mut self) {}

    fn push_tag_name(&mut self, s: &[u8]) {
        if self.tag_too_long {
            return;
        }
        // Named by its first `max_len` bytes, whatever the pieces they come in.
        let room = self.max_len - self.name.len();
        let kept = s.len().min(room);
        self.kept += kept;
        self.name.extend_from_slice(&s[..kept]);
        if s.len() > room {
            self.tag_is_too_long();
        }
    }

    fn push_comment(&mut self, s: &[u8]) {
        self.comment_len = self.comment_len.saturating_add(s.len());
    }

    fn push_doctype_name(&mut self, _s: &[u8]) {}

    fn init_doctype(&mut self) {
        self.doctype_line = self.tag_line;
    }

    fn init_attribute(&mut self) {
        self.finish_attribute();
        self.in_attribute = true;
        self.attribute_name.clear();
        self.attribute_value.clear();
        self.attribute_too_long = false;
        self.attribute_line = self.shared.line();
        self.attribute_charset = self.shared.charset();
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        self.attribute_charset = self.shared.charset();
        self.keep_attribute(s, false);
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        self.attribute_charset = self.shared.charset();
        self.keep_attribute(s, true);
    }

    fn set_doctype_public_identifier(&mut self, _value: &[u8]) {}

    fn set_doctype_system_identifier(&mut self, _value: &[u8]) {}

    fn push_doctype_public_identifier(&mut self, _s: &[u8]) {}

    fn push_doctype_system_identifier(&mut self, _s: &[u8]) {}

    fn start_open_tag(&mut self) {
        self.tag_line = self.shared.line();
    }

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        // A name longer than the limit is kept only in part: it is no start tag's name.
        self.kind == Some(TagKind::End)
            && !self.tag_too_long
            && !self.last_start_tag.is_empty()
            && self.name == self.last_start_tag
    }
}
