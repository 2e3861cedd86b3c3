//! HTML 2.0's reading of markup declarations, comments and processing instructions
//! (RFC 1866 section 3.2.5, by SGML's rules), ahead of the WHATWG tokenizer.
//!
//! [`Html2Markup`] reads the decoded document before html5gum does and takes out every
//! markup declaration (`<!-- ... -- -- ... -->`, `<!>`, `<!DOCTYPE ...>`, `<![ ... ]]>`) and
//! processing instruction (`<? ... >`) by SGML's rules, so that the tokenizer sees tags and
//! text only. To know where a declaration can begin (in content, not inside a tag's quoted
//! attribute value, not in `XMP`), it follows the tokenizer's own states at the level that
//! decides that: the tag states of the WHATWG tokenizer (which quote opens a value, which
//! `>` ends a tag), and the content that follows each start tag ([`Content`], decided by
//! [`HtmlReading::content`], which the emitter also uses).
//!
//! The rules, where HTML 2.0's and the WHATWG tokenizer's differ:
//!
//! - **`<!--`** opens a comment declaration: comments `-- ... --`, separated by white
//!   space, then `>`. `<!-- a -- >` ends at its `>`; `<!-- a -- -- b -- >` holds two
//!   comments; a `>` inside a comment (`<!-- a > b -->`) does not end it. Anything else
//!   after a comment's closing `--` is an error of the document; it is read as Lynx 2.6
//!   (`SGML.c`, its default "valid comments" reading) read it: as comment text, so that the
//!   next `--` closes a comment again.
//! - **`<!>`** is an empty comment declaration.
//! - **`<!` and a letter** opens a markup declaration (`DOCTYPE`, `ENTITY`, ...): it ends
//!   at the first `>` outside a literal (`"..."`, `'...'`), a comment (`-- ... --`) and a
//!   declaration subset (`[ ... ]`).
//! - **`<![`** opens a marked section: its status keywords, then `[`, its content, `]]>`.
//!   With `IGNORE`, `CDATA` or `RCDATA` among the keywords its content holds no markup
//!   (`IGNORE`'s nests `<![ ... ]]>`); with `INCLUDE`, `TEMP` or none, its content is read
//!   as any other (the keywords go, the `]]>` stays as text). A `>` before the `[` ends it
//!   (`<![if !IE]>` is no marked section: the declaration is in error and ends there).
//! - **`<?`** opens a processing instruction, which ends at the first `>`.
//! - **`<!` and anything else** (`<!- x ->`, `<! x>`) is text, not markup ("just regular
//!   old data characters", RFC 1866 section 3.2.5); so is `</` followed by neither a
//!   letter nor `>`.
//! - In **`XMP`, `LISTING` and `PLAINTEXT`** (HTML 2.0's `%literal` content, "the only
//!   markup signal is the end tag in full") nothing is markup but the element's own end
//!   tag; in **`TITLE` and `TEXTAREA`** (`#PCDATA`, text for a field or a window title)
//!   declarations are read but tags hold no link.
//!
//! A declaration is replaced by a `.` (see [`LEAD`]), one line break for each of its own
//! (so the lines of what follows stay right) and a space, a `<!` that is text by `&lt;!`. What the reader tells
//! of a declaration ([`Finding`]: too long, or still open at the end) is placed at the
//! offset of the text handed on where it ends, so that it is reported in document order.

use super::markup::Content;

/// A fact about a declaration, for the link list: where in the text handed on it is due,
/// what it is, and the line it started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Finding {
    /// The offset in the text handed on (this reader's output) at which it is due.
    pub(super) at: u64,
    /// What kind of declaration (its [`Open::what`]).
    pub(super) what: &'static str,
    /// Its element name in the link list (`#comment`, `#declaration`, ...).
    pub(super) element: &'static str,
    /// The line it started on.
    pub(super) line: u64,
    /// Longer than the limit (it ended), or still open at the end of the document.
    pub(super) unclosed: bool,
}

/// The byte a declaration's replacement starts with. Not a space: after `</title` in a
/// `TITLE` (an end tag that the `<` of the declaration showed to be none) a space would make
/// the tokenizer read an end tag; not a letter, `!`, `/` or `?` either, which would make `<`
/// before it a tag or a comment, nor a letter, digit, `#` or `;`, which would go on with a
/// character reference. A `.` is text after all of these, as the `<` it stands for was.
const LEAD: u8 = b'.';

/// The tag states of the WHATWG tokenizer, as far as they decide where a tag ends (which
/// quote opens a value, which `>` ends the tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagState {
    Name,
    BeforeAttributeName,
    AttributeName,
    AfterAttributeName,
    BeforeAttributeValue,
    Quoted(u8),
    Unquoted,
    SelfClosing,
}

/// The longest element name that matters here (`plaintext`).
const NAME_CAP: usize = 9;

/// A tag being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tag {
    state: TagState,
    start: bool,
    /// The name's first bytes in lower case, and its whole length.
    name: [u8; NAME_CAP],
    len: usize,
}

impl Tag {
    fn new(start: bool) -> Tag {
        Tag {
            state: TagState::Name,
            start,
            name: [0; NAME_CAP],
            len: 0,
        }
    }

    fn push_name(&mut self, byte: u8) {
        if self.len < NAME_CAP {
            self.name[self.len] = byte.to_ascii_lowercase();
        }
        self.len = self.len.saturating_add(1);
    }

    fn name(&self) -> &[u8] {
        match self.len <= NAME_CAP {
            true => &self.name[..self.len],
            false => b"",
        }
    }
}

/// A declaration being read: what it is, where it started, how long it is so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Open {
    what: &'static str,
    element: &'static str,
    line: u64,
    len: usize,
    /// The content to go back to.
    back: Content,
}

/// How far a marked section's keywords are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Keywords {
    /// The keyword being read, in upper case (its first bytes).
    word: [u8; 8],
    len: usize,
    ignore: bool,
    cdata: bool,
}

impl Keywords {
    fn end_word(&mut self) {
        match &self.word[..self.len.min(8)] {
            b"IGNORE" if self.len == 6 => self.ignore = true,
            b"CDATA" if self.len == 5 => self.cdata = true,
            b"RCDATA" if self.len == 6 => self.cdata = true,
            _ => {}
        }
        self.len = 0;
    }
}

/// Where the reader stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// In content.
    Content(Content),
    /// `<` read in content that reads markup; the `<` is held.
    LessThan(Content),
    /// `<!` read; held.
    Bang(Content),
    /// `<!-` read; held.
    BangDash(Content),
    /// `</` read in markup; held.
    EndTagOpen,
    /// `</` read in text or literal content (passed on).
    TextEndTagOpen(Content),
    /// `</` and this many letters of the element's own name read, in text or literal
    /// content (passed on); `false` once a letter did not match.
    TextEndTagName(Content, usize, bool),
    /// In a tag (passed on).
    Tag(Tag),
    /// In a comment declaration (Lynx 2.6's `S_comment`): `between` when a comment has
    /// closed (`end_comment`), `dash` after one `-` (`first_dash`).
    Comment { between: bool, dash: bool },
    /// In a markup declaration (`<!NAME`): in a literal (its quote), in a comment, after
    /// one `-`, inside this many `[`.
    Declaration {
        quote: Option<u8>,
        comment: bool,
        dash: bool,
        depth: u32,
    },
    /// Reading a marked section's status keywords.
    MarkedKeywords(Keywords),
    /// In a marked section whose content holds no markup: how many `]` just read, whether
    /// `<` and `<!` just read (for nested `<![` in `IGNORE`), and the depth of nesting.
    MarkedContent {
        ignore: bool,
        brackets: u8,
        open: u8,
        depth: u32,
    },
    /// In a processing instruction.
    Instruction,
}

/// HTML 2.0's reading of declarations, ahead of the tokenizer (see the module's docs).
#[derive(Debug)]
pub(super) struct Html2Markup {
    state: State,
    open: Option<Open>,
    max_len: usize,
    /// Line breaks read, and whether the last byte was CR.
    breaks: u64,
    last_was_cr: bool,
    /// Bytes handed on before the current call, and where that call's output began in
    /// its buffer.
    out: u64,
    mark: usize,
    findings: Vec<Finding>,
}

/// White space in a tag, as the tokenizer reads it (CR is read as LF).
fn is_space(byte: u8) -> bool {
    matches!(byte, b'\t' | b'\n' | b'\x0C' | b' ' | b'\r')
}

impl Html2Markup {
    pub(super) fn new(max_len: usize) -> Html2Markup {
        Html2Markup {
            state: State::Content(Content::Markup),
            open: None,
            max_len,
            breaks: 0,
            last_was_cr: false,
            out: 0,
            mark: 0,
            findings: Vec::new(),
        }
    }

    /// What was found since the last call, in document order.
    pub(super) fn take_findings(&mut self) -> Vec<Finding> {
        std::mem::take(&mut self.findings)
    }

    /// Reads `input`, appending what the tokenizer is to see to `out`.
    pub(super) fn push(&mut self, input: &[u8], out: &mut Vec<u8>) {
        self.mark = out.len();
        for &byte in input {
            self.byte(byte, out);
        }
        self.out = self.offset(out);
    }

    /// The offset in the text handed on that `out`'s end stands for.
    fn offset(&self, out: &[u8]) -> u64 {
        self.out + (out.len() - self.mark) as u64
    }

    /// The end of the document: a held `<` is text; a declaration still open is found.
    pub(super) fn finish(&mut self, out: &mut Vec<u8>) {
        self.mark = out.len();
        match self.state {
            State::LessThan(_) => out.push(b'<'),
            State::Bang(_) => out.extend_from_slice(b"&lt;!"),
            State::BangDash(_) => out.extend_from_slice(b"&lt;!-"),
            State::EndTagOpen => out.extend_from_slice(b"</"),
            _ => {}
        }
        if self.open.is_some() {
            out.push(b' ');
        }
        self.out = self.offset(out);
        if let Some(open) = self.open.take() {
            self.findings.push(Finding {
                at: self.out,
                what: open.what,
                element: open.element,
                line: open.line,
                unclosed: true,
            });
        }
        self.state = State::Content(Content::Markup);
    }

    fn line(&self) -> u64 {
        self.breaks + 1
    }

    /// Counts `byte` if it breaks a line (CR, LF, CR LF once); true if it does.
    fn count_break(&mut self, byte: u8) -> bool {
        let breaks = byte == b'\r' || (byte == b'\n' && !self.last_was_cr);
        self.last_was_cr = byte == b'\r';
        self.breaks += u64::from(breaks);
        breaks
    }

    /// A declaration starts: `held` bytes of it were read already (`<`, `<!`, ...).
    fn begin(&mut self, what: &'static str, element: &'static str, held: usize, back: Content) {
        // The line of its `<`: the held bytes hold no line break.
        self.open = Some(Open {
            what,
            element,
            line: self.line(),
            len: held,
            back,
        });
    }

    /// The declaration ends (its last byte was read and counted): back to its content.
    fn end(&mut self, out: &mut Vec<u8>) {
        let Some(open) = self.open.take() else {
            return;
        };
        // A space after it too, so that it ends at an offset of its own (after a byte that
        // is not UTF-8 inside it, say).
        out.push(b' ');
        if open.len > self.max_len {
            self.findings.push(Finding {
                at: self.offset(out),
                what: open.what,
                element: open.element,
                line: open.line,
                unclosed: false,
            });
        }
        self.state = State::Content(open.back);
    }

    fn byte(&mut self, byte: u8, out: &mut Vec<u8>) {
        let broke = self.count_break(byte);
        if let Some(open) = &mut self.open {
            // Inside a declaration: its bytes are not handed on, its line breaks are.
            open.len = open.len.saturating_add(1);
            if broke {
                out.push(b'\n');
            }
        }
        self.step(byte, out);
    }

    /// One byte in the current state. Bytes of content and tags are handed on as they
    /// are; held bytes are handed on (or dropped) once the next one decides.
    fn step(&mut self, byte: u8, out: &mut Vec<u8>) {
        match self.state {
            State::Content(content) => self.content(content, byte, out),
            State::LessThan(content) => match byte {
                b'/' if content == Content::Markup => self.state = State::EndTagOpen,
                b'/' => {
                    out.extend_from_slice(b"</");
                    self.state = State::TextEndTagOpen(content);
                }
                b'!' if content.reads_declarations() => self.state = State::Bang(content),
                b'?' if content.reads_declarations() => {
                    out.push(LEAD);
                    self.begin(
                        "processing instruction",
                        "#processing-instruction",
                        2,
                        content,
                    );
                    self.state = State::Instruction;
                }
                letter if letter.is_ascii_alphabetic() && content == Content::Markup => {
                    out.push(b'<');
                    out.push(letter);
                    let mut tag = Tag::new(true);
                    tag.push_name(letter);
                    self.state = State::Tag(tag);
                }
                other => {
                    // Text, for the tokenizer too: a `<` before what opens no markup.
                    out.push(b'<');
                    self.state = State::Content(content);
                    self.step(other, out);
                }
            },
            State::Bang(content) => match byte {
                b'-' => self.state = State::BangDash(content),
                b'>' => {
                    out.push(LEAD);
                    self.begin("comment", "#comment", 3, content);
                    self.end(out);
                }
                letter if letter.is_ascii_alphabetic() => {
                    out.push(LEAD);
                    self.begin("declaration", "#declaration", 3, content);
                    self.state = State::Declaration {
                        quote: None,
                        comment: false,
                        dash: false,
                        depth: 0,
                    };
                }
                b'[' => {
                    out.push(LEAD);
                    self.begin("marked section", "#marked-section", 3, content);
                    self.state = State::MarkedKeywords(Keywords::default());
                }
                other => {
                    out.extend_from_slice(b"&lt;!");
                    self.state = State::Content(content);
                    self.step(other, out);
                }
            },
            State::BangDash(content) => match byte {
                b'-' => {
                    out.push(LEAD);
                    self.begin("comment", "#comment", 4, content);
                    self.state = State::Comment {
                        between: false,
                        dash: false,
                    };
                }
                other => {
                    out.extend_from_slice(b"&lt;!-");
                    self.state = State::Content(content);
                    self.step(other, out);
                }
            },
            State::EndTagOpen => match byte {
                letter if letter.is_ascii_alphabetic() => {
                    out.extend_from_slice(b"</");
                    out.push(letter);
                    let mut tag = Tag::new(false);
                    tag.push_name(letter);
                    self.state = State::Tag(tag);
                }
                b'>' => {
                    // `</>`: an empty end tag, which the tokenizer ignores too.
                    out.extend_from_slice(b"</>");
                    self.state = State::Content(Content::Markup);
                }
                other => {
                    out.extend_from_slice(b"&lt;/");
                    self.state = State::Content(Content::Markup);
                    self.step(other, out);
                }
            },
            State::TextEndTagOpen(content) => {
                if byte.is_ascii_alphabetic() {
                    self.state = State::TextEndTagName(content, 0, true);
                    self.step(byte, out);
                } else {
                    self.state = State::Content(content);
                    self.step(byte, out);
                }
            }
            State::TextEndTagName(content, read, matches) => {
                let name = content.element().unwrap_or(b"");
                if byte.is_ascii_alphabetic() {
                    out.push(byte);
                    let matches = matches && name.get(read) == Some(&byte.to_ascii_lowercase());
                    self.state = State::TextEndTagName(content, read.saturating_add(1), matches);
                    return;
                }
                let own = matches && read == name.len();
                if own && (is_space(byte) || byte == b'/' || byte == b'>') {
                    let mut tag = Tag::new(false);
                    tag.len = read;
                    tag.state = TagState::Name;
                    self.state = State::Tag(tag);
                    self.step(byte, out);
                } else {
                    self.state = State::Content(content);
                    self.step(byte, out);
                }
            }
            State::Tag(tag) => {
                out.push(byte);
                self.tag(tag, byte);
            }
            State::Comment { between, dash } => {
                // Lynx 2.6, SGML.c, S_comment (valid comments).
                self.state = if !dash && byte == b'-' {
                    State::Comment {
                        between,
                        dash: true,
                    }
                } else if dash && byte == b'-' {
                    State::Comment {
                        between: !between,
                        dash: false,
                    }
                } else if between && byte == b'>' {
                    return self.end(out);
                } else {
                    State::Comment {
                        // C's isspace: \v counts too.
                        between: between && matches!(byte, b' ' | b'\t'..=b'\r'),
                        dash: false,
                    }
                };
            }
            State::Declaration {
                quote,
                comment,
                dash,
                depth,
            } => {
                let mut next = (quote, comment, false, depth);
                match (quote, comment) {
                    (Some(q), _) => {
                        if byte == q {
                            next.0 = None;
                        }
                    }
                    (None, true) => match (dash, byte) {
                        (true, b'-') => next.1 = false,
                        (_, b'-') => next.2 = true,
                        _ => {}
                    },
                    (None, false) => match (dash, byte) {
                        (true, b'-') => next.1 = true,
                        (_, b'-') => next.2 = true,
                        (_, b'"' | b'\'') => next.0 = Some(byte),
                        (_, b'[') => next.3 = depth.saturating_add(1),
                        (_, b']') => next.3 = depth.saturating_sub(1),
                        (_, b'>') if depth == 0 => return self.end(out),
                        _ => {}
                    },
                }
                self.state = State::Declaration {
                    quote: next.0,
                    comment: next.1,
                    dash: next.2,
                    depth: next.3,
                };
            }
            State::MarkedKeywords(mut keywords) => match byte {
                b'[' => {
                    keywords.end_word();
                    if keywords.ignore || keywords.cdata {
                        self.state = State::MarkedContent {
                            ignore: keywords.ignore,
                            brackets: 0,
                            open: 0,
                            depth: 1,
                        };
                    } else {
                        // INCLUDE, TEMP or none: the content is read as any other.
                        self.end(out);
                    }
                }
                b'>' => self.end(out),
                space if is_space(space) => {
                    keywords.end_word();
                    self.state = State::MarkedKeywords(keywords);
                }
                other => {
                    if keywords.len < keywords.word.len() {
                        keywords.word[keywords.len] = other.to_ascii_uppercase();
                    }
                    keywords.len = keywords.len.saturating_add(1);
                    self.state = State::MarkedKeywords(keywords);
                }
            },
            State::MarkedContent {
                ignore,
                brackets,
                open,
                depth,
            } => {
                let mut depth = depth;
                let brackets = match byte {
                    b']' => brackets.saturating_add(1).min(2),
                    b'>' if brackets == 2 => {
                        depth -= 1;
                        if depth == 0 {
                            return self.end(out);
                        }
                        0
                    }
                    _ => 0,
                };
                let open = match (open, byte) {
                    (_, b'<') => 1,
                    (1, b'!') => 2,
                    (2, b'[') if ignore => {
                        depth = depth.saturating_add(1);
                        0
                    }
                    _ => 0,
                };
                self.state = State::MarkedContent {
                    ignore,
                    brackets,
                    open,
                    depth,
                };
            }
            State::Instruction => {
                if byte == b'>' {
                    self.end(out);
                }
            }
        }
    }

    /// A byte of content.
    fn content(&mut self, content: Content, byte: u8, out: &mut Vec<u8>) {
        match byte {
            b'<' => self.state = State::LessThan(content),
            _ => out.push(byte),
        }
    }

    /// A byte of a tag (already handed on).
    fn tag(&mut self, mut tag: Tag, byte: u8) {
        use TagState::*;
        let ended = match (tag.state, byte) {
            (Quoted(quote), _) => {
                if byte == quote {
                    tag.state = BeforeAttributeName;
                }
                false
            }
            (Name, b'>') => true,
            (Name, b'/') => {
                tag.state = SelfClosing;
                false
            }
            (Name, space) if is_space(space) => {
                tag.state = BeforeAttributeName;
                false
            }
            (Name, other) => {
                tag.push_name(other);
                false
            }
            (_, b'>') => true,
            (BeforeAttributeName | AfterAttributeName | SelfClosing, b'/') => {
                tag.state = SelfClosing;
                false
            }
            (AttributeName, b'/') => {
                tag.state = SelfClosing;
                false
            }
            (BeforeAttributeName | AfterAttributeName | BeforeAttributeValue, space)
                if is_space(space) =>
            {
                false
            }
            (AttributeName, space) if is_space(space) => {
                tag.state = AfterAttributeName;
                false
            }
            (Unquoted, space) if is_space(space) => {
                tag.state = BeforeAttributeName;
                false
            }
            (SelfClosing, space) if is_space(space) => {
                tag.state = BeforeAttributeName;
                false
            }
            (AttributeName | AfterAttributeName, b'=') => {
                tag.state = BeforeAttributeValue;
                false
            }
            (BeforeAttributeValue, b'"' | b'\'') => {
                tag.state = Quoted(byte);
                false
            }
            (BeforeAttributeValue, _) => {
                tag.state = Unquoted;
                false
            }
            (Unquoted, _) | (AttributeName, _) => false,
            (BeforeAttributeName | AfterAttributeName | SelfClosing, _) => {
                // A new attribute's name (`=` included, in BeforeAttributeName).
                tag.state = AttributeName;
                false
            }
        };
        self.state = match ended {
            false => State::Tag(tag),
            true if tag.start => State::Content(Content::after(tag.name())),
            true => State::Content(Content::Markup),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// What the tokenizer sees of `input`, read in pieces of `piece` bytes, and the
    /// findings.
    fn read(input: &str, piece: usize, max_len: usize) -> (String, Vec<Finding>) {
        let mut reader = Html2Markup::new(max_len);
        let mut out = Vec::new();
        for chunk in input.as_bytes().chunks(piece) {
            reader.push(chunk, &mut out);
        }
        reader.finish(&mut out);
        (String::from_utf8(out).unwrap(), reader.take_findings())
    }

    fn seen(input: &str) -> String {
        let whole = read(input, usize::MAX, 1 << 20);
        for piece in [1, 2, 3, 7] {
            assert_eq!(read(input, piece, 1 << 20), whole, "in pieces of {piece}");
        }
        whole.0
    }

    #[test]
    fn comment_declarations_end_by_sgml_rules() {
        assert_eq!(seen("a<!-- c -- >b"), "a. b");
        assert_eq!(seen("a<!-- c --\n  >b"), "a.\n b");
        assert_eq!(seen("a<!-- c -- -- d > e -- >b"), "a. b");
        assert_eq!(seen("a<!-- c > d -->b"), "a. b");
        assert_eq!(seen("a<!---->b<!>c"), "a. b. c");
        // Lynx 2.6's recovery: text after a comment's `--` is comment text.
        assert_eq!(seen("a<!-- c -- and > -- d -->b"), "a. b");
        // Degenerate: `<!--->` opens a comment that `-->` closes.
        assert_eq!(seen("a<!---> d -->b"), "a. b");
    }

    #[test]
    fn what_opens_no_markup_is_text() {
        assert_eq!(seen("a<!- x ->b"), "a&lt;!- x ->b");
        assert_eq!(seen("a<! x>b"), "a&lt;! x>b");
        assert_eq!(seen("a</ x>b</>"), "a&lt;/ x>b</>");
        assert_eq!(seen("1 < 2 <"), "1 < 2 <");
        assert_eq!(seen("<<a href=x><!"), "<<a href=x>&lt;!");
    }

    #[test]
    fn declarations_literals_subsets_instructions_marked_sections() {
        assert_eq!(
            seen("<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN>\" -- a > -- >x"),
            ". x"
        );
        assert_eq!(seen("<!DOCTYPE x [ <!ENTITY y \"a>b\"> ]>x"), ". x");
        assert_eq!(seen("<?xml a>x"), ". x");
        assert_eq!(seen("<![ IGNORE [ <a href=x> <![ CDATA [ ]]> ]]>x"), ". x");
        assert_eq!(seen("<![CDATA[ <a href=x> ]]>x"), ". x");
        assert_eq!(seen("<![ INCLUDE [<a href=x>]]>"), ". <a href=x>]]>");
        assert_eq!(seen("<![if !IE]>x<![endif]>"), ". x. ");
    }

    #[test]
    fn tags_are_followed_as_the_tokenizer_reads_them() {
        // A quoted value hides `<!--`; an unquoted one ends at `>`.
        assert_eq!(seen("<a title=\"<!--\">x<!--c-->"), "<a title=\"<!--\">x. ");
        assert_eq!(seen("<a title=<!-- x>y<!--c-->"), "<a title=<!-- x>y. ");
        // A quote opens a value only after `=`.
        assert_eq!(seen("<a b\"c>x<!--c-->"), "<a b\"c>x. ");
    }

    #[test]
    fn literal_and_text_content() {
        assert_eq!(
            seen("<XMP><!-- <a href=x> --></XMPx></xmp ><!--c-->"),
            "<XMP><!-- <a href=x> --></XMPx></xmp >. "
        );
        assert_eq!(
            seen("<title>a<!-- </title> -->b</TITLE><!--c-->"),
            "<title>a. b</TITLE>. "
        );
        assert_eq!(
            seen("<plaintext>x</plaintext><!--c-->"),
            "<plaintext>x</plaintext>. "
        );
    }

    #[test]
    fn a_declaration_after_an_end_tag_that_is_none_leaves_it_text() {
        // Found by the links fuzz target: "</title" then a comment, in a TITLE.
        assert_eq!(
            seen("<title>a</title<!-- c -->b</title>"),
            "<title>a</title. b</title>"
        );
        assert_eq!(seen("<<!---->"), "<. ");
        assert_eq!(seen("&#x41<!---->"), "&#x41. ");
    }

    #[test]
    fn lines_are_kept_and_findings_placed() {
        let (out, findings) = read("a\r\n<!--\r\nb\r-- >\n<!-- c\n", 1, 256);
        assert_eq!(out, "a\r\n.\n\n \n.\n ");
        assert_eq!(
            findings,
            [Finding {
                at: out.len() as u64,
                what: "comment",
                element: "#comment",
                line: 5,
                unclosed: true
            }]
        );
        let (out, findings) = read("x\n<!-- 0123456789 -->y", 3, 10);
        assert_eq!(out, "x\n. y");
        assert_eq!(findings.len(), 1);
        assert_eq!((findings[0].at, findings[0].line), (4, 2));
        assert!(!findings[0].unclosed);
    }
}
