//! The component walk: each component of a URL with its role (the RFC's rule name) and
//! where it lies in the URL's text. The one place that knows each variant's layout; the
//! report, the section 6 checks, normalization and [`Url`]'s accessors read it.

use crate::ast::host::{HostPortSpans, LoginSpans, PortSpan};
use crate::ast::scheme::{FormSpans, FtpTypeSpan, GenericParts, Rfc2396Form};
use crate::ast::url::Url;
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::{OptSpan, Span};
use std::fmt;
use std::ops::Range;

/// What a [`Component`] is: the rule of RFC 1738 section 5 (or of RFC 1630) that it
/// matches, named by [`Role::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Role {
    /// `scheme`: the text before the first `:`, as written.
    Scheme,
    /// `user` of a `login`.
    User,
    /// `password` of a `login`.
    Password,
    /// `host`.
    Host,
    /// `port`: its digits as written.
    Port,
    /// `hpath` of an http URL.
    Hpath,
    /// `search`: of an http, gopher or wais URL, or of RFC 1630's generic `uri`.
    Search,
    /// `fpath` of an ftp or file URL.
    Fpath,
    /// The typecode after an ftp URL's `;type=` (RFC 1738 section 3.2.2).
    Typecode,
    /// RFC 1630's `ftptype` after an ftp URL's `;type=`.
    Ftptype,
    /// `gtype` of a gopher URL.
    Gtype,
    /// `selector` of a gopher URL.
    Selector,
    /// `gopher+_string` of a gopher URL.
    GopherPlus,
    /// `encoded822addr` of a mailto URL.
    Encoded822addr,
    /// `grouppart` of a news URL (`*`, a group or an article).
    Grouppart,
    /// `group` of an nntp URL.
    Group,
    /// `article` (the number) of an nntp URL.
    Article,
    /// `database` of a wais URL.
    Database,
    /// `wtype` of a wais URL.
    Wtype,
    /// `wpath` of a wais URL.
    Wpath,
    /// `ppath` of a prospero URL (RFC 1630's `hsoname`).
    Ppath,
    /// `fieldname` of a prospero `fieldspec`.
    Fieldname,
    /// `fieldvalue` of a prospero `fieldspec`.
    Fieldvalue,
    /// RFC 1630's prospero `version`, after `%00`.
    Version,
    /// RFC 1630's prospero `attributes`, after the version.
    Attributes,
    /// `schemepart` of a generic URL read as `*xchar` only (RFC 1738, no
    /// `ip-schemepart`).
    Schemepart,
    /// `urlpath` of a generic URL's `ip-schemepart`.
    Urlpath,
    /// `path` of RFC 1630's generic `uri`.
    Path,
    /// `addr-spec` of RFC 1630's `midaddress`.
    AddrSpec,
    /// `content-identifier` of RFC 1630's `cidaddress`.
    ContentIdentifier,
    /// RFC 2396's `userinfo`, before `@` in a server-based authority.
    Userinfo,
    /// RFC 2396's `reg_name`: a registry-based authority.
    RegName,
    /// RFC 2396's `query`, after `?`.
    Query,
    /// RFC 2396's `opaque_part`, after `scheme:` in a URI whose part does not start with `/`.
    OpaquePart,
}

impl Role {
    /// How many roles there are: each role's `as usize` is below it (the report's table
    /// of components by role, behind the `serde` feature).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) const COUNT: usize = Role::OpaquePart as usize + 1;

    /// Every role, in the order of their declaration (`Role::ALL[role as usize] == role`).
    ///
    /// ```
    /// use rfc1738::Role;
    /// assert_eq!(Role::ALL[0], Role::Scheme);
    /// assert!(Role::ALL.iter().any(|role| role.name() == "selector"));
    /// ```
    pub const ALL: [Role; Role::COUNT] = [
        Role::Scheme,
        Role::User,
        Role::Password,
        Role::Host,
        Role::Port,
        Role::Hpath,
        Role::Search,
        Role::Fpath,
        Role::Typecode,
        Role::Ftptype,
        Role::Gtype,
        Role::Selector,
        Role::GopherPlus,
        Role::Encoded822addr,
        Role::Grouppart,
        Role::Group,
        Role::Article,
        Role::Database,
        Role::Wtype,
        Role::Wpath,
        Role::Ppath,
        Role::Fieldname,
        Role::Fieldvalue,
        Role::Version,
        Role::Attributes,
        Role::Schemepart,
        Role::Urlpath,
        Role::Path,
        Role::AddrSpec,
        Role::ContentIdentifier,
        Role::Userinfo,
        Role::RegName,
        Role::Query,
        Role::OpaquePart,
    ];

    /// The rule's name, as the RFC writes it (`"user"`, `"fpath"`, `"gopher+_string"`,
    /// `"addr-spec"`), and as [`Warning::component`](crate::lint::Warning::component) names it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Scheme => "scheme",
            Role::User => "user",
            Role::Password => "password",
            Role::Host => "host",
            Role::Port => "port",
            Role::Hpath => "hpath",
            Role::Search => "search",
            Role::Fpath => "fpath",
            Role::Typecode => "typecode",
            Role::Ftptype => "ftptype",
            Role::Gtype => "gtype",
            Role::Selector => "selector",
            Role::GopherPlus => "gopher+_string",
            Role::Encoded822addr => "encoded822addr",
            Role::Grouppart => "grouppart",
            Role::Group => "group",
            Role::Article => "article",
            Role::Database => "database",
            Role::Wtype => "wtype",
            Role::Wpath => "wpath",
            Role::Ppath => "ppath",
            Role::Fieldname => "fieldname",
            Role::Fieldvalue => "fieldvalue",
            Role::Version => "version",
            Role::Attributes => "attributes",
            Role::Schemepart => "schemepart",
            Role::Urlpath => "urlpath",
            Role::Path => "path",
            Role::AddrSpec => "addr-spec",
            Role::ContentIdentifier => "content-identifier",
            Role::Userinfo => "userinfo",
            Role::RegName => "reg_name",
            Role::Query => "query",
            Role::OpaquePart => "opaque_part",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One component of a URL: its [`Role`], where it lies in the URL's text
/// ([`Url::as_str`]) and its text as written ([`Url::components`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Component<'s> {
    role: Role,
    span: Span,
    text: &'s str,
}

impl<'s> Component<'s> {
    /// What the component is.
    pub fn role(&self) -> Role {
        self.role
    }

    /// The byte range of the component in the URL's text.
    pub fn span(&self) -> Range<usize> {
        self.span.start as usize..self.span.end as usize
    }

    /// The component as written (escapes not decoded; possibly empty: `ftp://@host/` has
    /// an empty user).
    pub fn as_str(&self) -> &'s str {
        self.text
    }

    /// The component as escaped text, to decode ([`Escaped::decode`]).
    pub fn escaped(&self) -> Escaped<'s> {
        Escaped::new(self.text)
    }
}

impl fmt::Debug for Component<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?} {:?}", self.role, self.span(), self.text)
    }
}

/// The components of a URL, in the order of its text ([`Url::components`]).
#[derive(Clone, Debug)]
pub struct Components<'s> {
    inner: std::vec::IntoIter<Component<'s>>,
}

impl<'s> Iterator for Components<'s> {
    type Item = Component<'s>;

    fn next(&mut self) -> Option<Component<'s>> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Components<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back()
    }
}

impl ExactSizeIterator for Components<'_> {}

impl std::iter::FusedIterator for Components<'_> {}

/// What the component walk ([`Url::components`]) calls: each component's role and span,
/// in the order of the text, until it returns `false`. A port is given with the value the
/// lowering read (checked to be at most 65535); a visitor that wants only spans sees it
/// as the component it is. Every `FnMut(Role, Span) -> bool` is a visitor.
pub(crate) trait Visit {
    /// A component; `false` stops the walk.
    fn component(&mut self, role: Role, span: Span) -> bool;

    /// A `port`, with its value; `false` stops the walk.
    #[inline]
    fn port(&mut self, port: PortSpan) -> bool {
        self.component(Role::Port, port.span)
    }
}

impl<F: FnMut(Role, Span) -> bool> Visit for F {
    #[inline]
    fn component(&mut self, role: Role, span: Span) -> bool {
        self(role, span)
    }
}

/// Stops the walk when the visitor says so.
macro_rules! visit {
    ($visit:ident, $role:expr, $span:expr) => {
        if let Some(span) = OptSpan::from($span).get() {
            if !$visit.component($role, span) {
                return;
            }
        }
    };
}

/// Where the parts of the common Internet scheme syntax (RFC 1738 section 3.1) lie in a
/// URL that has them: a login's user and password, and the host and port.
#[derive(Clone, Copy)]
pub(crate) struct Authority {
    pub(crate) user: OptSpan,
    pub(crate) password: OptSpan,
    pub(crate) host: Span,
    pub(crate) port: Option<PortSpan>,
}

impl Authority {
    fn of_hostport(hostport: &HostPortSpans) -> Authority {
        Authority {
            user: OptSpan::NONE,
            password: OptSpan::NONE,
            host: hostport.host.span,
            port: hostport.port,
        }
    }

    fn of_login(login: &LoginSpans) -> Authority {
        Authority {
            user: login.user,
            password: login.password,
            ..Authority::of_hostport(&login.hostport)
        }
    }

    /// Visits the user, password, host and port there are; `false` when the visitor
    /// stopped.
    fn walk(&self, visit: &mut impl Visit) -> bool {
        self.user
            .is_none_or(|span| visit.component(Role::User, span))
            && self
                .password
                .is_none_or(|span| visit.component(Role::Password, span))
            && visit.component(Role::Host, self.host)
            && self.port.is_none_or(|port| visit.port(port))
    }
}

/// The components of `url` ([`Url::components`]).
pub(crate) fn components_of<'u>(url: &'u Url<'_>) -> Components<'u> {
    // Room for most URLs' components (a scheme, a login, a host, a port, a few path
    // segments, a search), so that the list is made in one allocation.
    let mut components = Vec::with_capacity(12);
    let text = url.as_str();
    walk(url, &mut |role, span| {
        components.push(Component {
            role,
            span,
            text: span.of_text(text),
        });
        true
    });
    Components {
        inner: components.into_iter(),
    }
}

/// The first component of `url` of the role `role` ([`Url::component`]).
#[inline]
pub(crate) fn component_of<'u>(url: &'u Url<'_>, role: Role) -> Option<Component<'u>> {
    let mut found = None;
    walk(url, &mut |seen, span| {
        if seen == role {
            found = Some(span);
        }
        found.is_none()
    });
    found.map(|span| Component {
        role,
        span,
        text: span.of_text(url.as_str()),
    })
}

/// Calls `visit` with each component's role and span, in the order of the text, until
/// it returns `false`: the layout of each variant. Generic over `visit`, so that each
/// accessor gets its own copy with its visit inlined (through a `dyn` visitor, whether
/// `port()` was inlined into a caller depended on unrelated code: 15% of a typed
/// parse's time in the benchmark).
#[inline]
pub(crate) fn walk(url: &Url<'_>, visit: &mut impl Visit) {
    let text = url.as_str();
    let scheme = match url {
        // An RFC 2396 relative reference has no scheme.
        Url::Generic(generic) if generic.is_relative() => None,
        Url::Generic(generic) => Some(generic.scheme),
        _ => Some(Span {
            start: 0,
            end: url.kind().name().len() as u32,
        }),
    };
    if let Some(scheme) = scheme
        && !visit.component(Role::Scheme, scheme)
    {
        return;
    }
    if let Some(authority) = authority(url)
        && !authority.walk(visit)
    {
        return;
    }
    match url {
        Url::Http(url) => {
            visit!(visit, Role::Hpath, url.hpath);
            visit!(visit, Role::Search, url.search);
        }
        Url::Ftp(url) => {
            visit!(visit, Role::Fpath, url.fpath);
            match url.ftp_type {
                Some(FtpTypeSpan::Typecode(_, span)) => {
                    visit!(visit, Role::Typecode, Some(span))
                }
                Some(FtpTypeSpan::Ftptype(span)) => visit!(visit, Role::Ftptype, Some(span)),
                None => {}
            }
        }
        Url::Gopher(url) => {
            visit!(visit, Role::Gtype, url.gtype);
            visit!(visit, Role::Selector, url.selector);
            visit!(visit, Role::Search, url.search);
            visit!(visit, Role::GopherPlus, url.gopher_plus);
        }
        Url::Mailto(url) => visit!(visit, Role::Encoded822addr, Some(url.address)),
        Url::News(_) => {
            // `news:` then the grouppart, to the end.
            let (start, end) = ("news:".len() as u32, text.len() as u32);
            visit!(visit, Role::Grouppart, Some(Span { start, end }));
        }
        Url::Nntp(url) => {
            visit!(visit, Role::Group, Some(url.group));
            visit!(visit, Role::Article, url.article);
        }
        Url::Telnet(_) | Url::Rlogin(_) | Url::Tn3270(_) => {}
        Url::Wais(url) => {
            visit!(visit, Role::Database, Some(url.database));
            match url.form {
                FormSpans::Database => {}
                FormSpans::Index { search } => visit!(visit, Role::Search, Some(search)),
                FormSpans::Document { wtype, wpath } => {
                    visit!(visit, Role::Wtype, Some(wtype));
                    visit!(visit, Role::Wpath, Some(wpath));
                }
            }
        }
        Url::File(url) => visit!(visit, Role::Fpath, Some(url.fpath)),
        Url::Prospero(url) => {
            visit!(visit, Role::Ppath, Some(url.ppath));
            for (name, value) in url.field_spans() {
                visit!(visit, Role::Fieldname, Some(name));
                visit!(visit, Role::Fieldvalue, Some(value));
            }
            visit!(visit, Role::Version, url.version);
            visit!(visit, Role::Attributes, url.attributes);
        }
        Url::Generic(url) => match url.form {
            GenericParts::Opaque => visit!(visit, Role::Schemepart, Some(url.scheme_part)),
            GenericParts::IpSchemepart { urlpath, .. } => {
                visit!(visit, Role::Urlpath, urlpath)
            }
            GenericParts::Uri => {
                let (path, search) = url.path_search().expect("a uri has a path");
                visit!(visit, Role::Path, Some(path));
                visit!(visit, Role::Search, search);
            }
            GenericParts::Rfc2396(parts) => {
                if let Some(authority) = parts.authority {
                    if authority.reg_name {
                        visit!(visit, Role::RegName, Some(authority.span));
                    } else {
                        visit!(visit, Role::Userinfo, authority.userinfo.get());
                        visit!(visit, Role::Host, authority.host.map(|host| host.span));
                        if let Some(span) = authority.port.get() {
                            let visited = match authority.port_value {
                                Some(value) => visit.port(PortSpan { span, value }),
                                // Digits above 65535, or none: no value to give.
                                None => visit.component(Role::Port, span),
                            };
                            if !visited {
                                return;
                            }
                        }
                    }
                }
                let role = match parts.form {
                    Rfc2396Form::OpaquePart => Role::OpaquePart,
                    _ => Role::Path,
                };
                visit!(visit, role, Some(parts.path));
                visit!(visit, Role::Query, parts.query.get());
            }
        },
        Url::Mid(url) => visit!(visit, Role::AddrSpec, Some(url.id)),
        Url::Cid(url) => visit!(visit, Role::ContentIdentifier, Some(url.id)),
    }
}

/// Where the URL's user, password, host and port lie, for the URLs in the common
/// Internet scheme syntax (section 3.1) that have a host: the layout the walk and the
/// accessors of the host and port share.
#[inline]
pub(crate) fn authority(url: &Url<'_>) -> Option<Authority> {
    match url {
        Url::Http(url) => Some(Authority::of_hostport(&url.hostport)),
        Url::Ftp(url) => Some(Authority::of_login(&url.login)),
        Url::Gopher(url) => Some(Authority::of_hostport(&url.hostport)),
        Url::Nntp(url) => url.hostport.as_ref().map(Authority::of_hostport),
        Url::Telnet(url) | Url::Rlogin(url) | Url::Tn3270(url) => {
            Some(Authority::of_login(&url.login))
        }
        Url::Wais(url) => Some(Authority::of_hostport(&url.hostport)),
        Url::File(url) => url.host.map(|host| Authority {
            user: OptSpan::NONE,
            password: OptSpan::NONE,
            host: host.span,
            port: None,
        }),
        Url::Prospero(url) => Some(Authority::of_hostport(&url.hostport)),
        Url::Generic(url) => match &url.form {
            GenericParts::IpSchemepart { login, .. } => Some(Authority::of_login(login)),
            GenericParts::Opaque | GenericParts::Uri | GenericParts::Rfc2396(_) => None,
        },
        Url::Mailto(_) | Url::News(_) | Url::Mid(_) | Url::Cid(_) => None,
    }
}

#[cfg(test)]
mod tests {
    /// `Role::ALL` holds every role once, each at its own index.
    #[test]
    fn every_role_is_in_all_at_its_index() {
        for (index, role) in super::Role::ALL.iter().enumerate() {
            assert_eq!(*role as usize, index, "{role:?}");
        }
    }
}
