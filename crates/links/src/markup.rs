//! What a page is read as: the reading of its markup ([`HtmlReading`]), the content that
//! follows a start tag in HTML 2.0's reading ([`Content`]), the character set in force
//! ([`Charset`]). The one home of these facts for the reader, the emitter and the list.

use html5gum::{naive_next_state, State};
use std::fmt;

/// How the markup of a page is read: where comments and other markup declarations end,
/// and which elements' content holds no link.
///
/// Tags, attributes and character references are read the same way in both (by the
/// WHATWG tokenizer); so is what holds no link in both: text, comments, and the content
/// of HTML 2.0's literal elements `XMP`, `LISTING` and `PLAINTEXT` and of `TITLE` and
/// `TEXTAREA`.
///
/// ```
/// use rfc1738_links::{HtmlReading, LinkLister};
///
/// let page = "<!-- a comment -- >\n<A HREF=\"x.html\">x</A> <!-- -->";
/// let html2 = LinkLister::new().base("http://h/").links(page);
/// assert_eq!(html2[0].result(), Ok("http://h/x.html"));
///
/// // The WHATWG tokenizer reads the comment on to the next "-->".
/// let whatwg = LinkLister::new().base("http://h/").reading(HtmlReading::Whatwg).links(page);
/// assert!(whatwg.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HtmlReading {
    /// HTML 2.0 (RFC 1866, section 3.2.5, by SGML's rules), what the pages of 1993-1996
    /// were written to: a comment declaration is `<!`, comments `-- ... --` separated by
    /// white space, then `>` (`<!-- a -- >` ends at its `>`, `<!-- a -- -- b -- >` holds two
    /// comments); `<!DOCTYPE ...>` and the other declarations end at a `>` outside their
    /// literals, comments and subsets; marked sections (`<![ IGNORE [ ... ]]>`) and
    /// processing instructions (`<? ... >`) are read as SGML reads them; `<!` before
    /// anything else is text. `XMP`, `LISTING` and `PLAINTEXT` end at their own end tag.
    /// Errors in a comment declaration are read as Lynx 2.6 read them.
    #[default]
    Html2,
    /// Today's reading, the WHATWG HTML tokenizer's: a comment runs from `<!--` to the next
    /// `-->`; `<!` before anything else, `<?` and `</` before a non-letter open a "bogus
    /// comment" that ends at the next `>`; `SCRIPT`, `STYLE` and the other raw-text
    /// elements of today hold no link, and `PLAINTEXT` runs to the end of the document.
    Whatwg,
}

impl HtmlReading {
    /// Both readings.
    pub const ALL: [HtmlReading; 2] = [HtmlReading::Html2, HtmlReading::Whatwg];

    /// `html2` or `whatwg`.
    pub fn name(self) -> &'static str {
        match self {
            HtmlReading::Html2 => "html2",
            HtmlReading::Whatwg => "whatwg",
        }
    }

    /// The rules it reads by, for a message: "HTML 2.0's rules (RFC 1866)", "the WHATWG
    /// tokenizer's rules".
    pub fn rules(self) -> &'static str {
        match self {
            HtmlReading::Html2 => "HTML 2.0's rules (RFC 1866)",
            HtmlReading::Whatwg => "the WHATWG tokenizer's rules",
        }
    }

    /// The tokenizer's state after a start tag of the element `name` (lower case):
    /// `None` for the data state.
    pub(super) fn state_after(self, name: &[u8]) -> Option<State> {
        match self {
            HtmlReading::Html2 => Content::after(name).state(),
            // html5gum 0.9 writes "noframe" for the HTML standard's NOFRAMES, and reads
            // LISTING as any element: both are RAWTEXT here.
            HtmlReading::Whatwg => match name {
                b"listing" | b"noframes" => Some(State::RawText),
                _ => naive_next_state(name),
            },
        }
    }
}

impl fmt::Display for HtmlReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for HtmlReading {
    type Err = String;

    /// `html2` or `whatwg`, in any case.
    fn from_str(name: &str) -> Result<HtmlReading, String> {
        HtmlReading::ALL
            .into_iter()
            .find(|reading| reading.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("no HTML reading named {name:?}: html2 or whatwg"))
    }
}

/// What follows a start tag in HTML 2.0's reading: markup, text in which declarations are
/// still read but tags are not (`TITLE`, `TEXTAREA`: `#PCDATA` in HTML 2.0's DTD, shown
/// as text by Mosaic 2.7 and Lynx 2.6), or literal text that only the element's own end
/// tag ends (`XMP`, `LISTING`, `PLAINTEXT`: HTML 2.0's `%literal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Content {
    Markup,
    Text(&'static [u8]),
    Literal(&'static [u8]),
}

impl Content {
    /// The content after a start tag of `name` (lower case).
    pub(super) fn after(name: &[u8]) -> Content {
        match name {
            b"title" => Content::Text(b"title"),
            b"textarea" => Content::Text(b"textarea"),
            b"xmp" => Content::Literal(b"xmp"),
            b"listing" => Content::Literal(b"listing"),
            b"plaintext" => Content::Literal(b"plaintext"),
            _ => Content::Markup,
        }
    }

    /// The element whose end tag ends it.
    pub(super) fn element(self) -> Option<&'static [u8]> {
        match self {
            Content::Markup => None,
            Content::Text(name) | Content::Literal(name) => Some(name),
        }
    }

    /// Whether declarations and processing instructions are read in it.
    pub(super) fn reads_declarations(self) -> bool {
        !matches!(self, Content::Literal(_))
    }

    /// The tokenizer's state for it.
    pub(super) fn state(self) -> Option<State> {
        match self {
            Content::Markup => None,
            Content::Text(_) => Some(State::RcData),
            Content::Literal(_) => Some(State::RawText),
        }
    }
}

/// The character set a link was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Charset {
    /// UTF-8: every byte of the document up to the end of this link's attribute (the
    /// last character of its value, or of its name without a value) was UTF-8.
    Utf8,
    /// Latin-1 (ISO 8859-1, HTML 2.0's character set): a byte that is not UTF-8 came
    /// before the end of this link's attribute, and every byte from it on is read as
    /// Latin-1. A byte after the attribute (even in the same tag) does not count.
    Latin1,
}

impl Charset {
    /// `utf-8` or `latin-1`.
    pub fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "utf-8",
            Charset::Latin1 => "latin-1",
        }
    }
}
