//! One connection of the explorer, served by hyper's HTTP/1 server within [`Limits`]: each
//! request routed to the page, a diagram or the API (`api.rs`), each answer sent with the
//! headers every answer carries. Generic over the stream, so that the fuzz target `serve`
//! drives it over an in-memory pipe.
//!
//! What a client can hold, and for how long:
//! - the head (request line and header lines): at most [`Limits::head`] bytes and
//!   [`Limits::headers`] lines (over either: 431 and the connection closed, by hyper), read
//!   within [`Limits::head_time`] from the moment the server waits for it (else the
//!   connection is closed without an answer; an idle kept-alive connection too);
//! - the body: at most [`Limits::body`] bytes, counted as they arrive, chunked or not (a
//!   declared `Content-Length` over it is refused before any byte of the body is read: 413
//!   and the connection closed, whatever the method and path), read within
//!   [`Limits::body_time`] (else 408 and the connection closed);
//! - the answer: each write waits at most [`Limits::write_time`] for the client to take
//!   bytes (else the connection is closed);
//! - memory: the bodies being read and the API's answers not yet written share
//!   [`Limits::held`] bytes. A body takes its share as its bytes arrive (waiting for room
//!   within its time-out), an answer once computed, before it is sent; its share is given
//!   back with its memory, when hyper has written the last byte or the connection ends.
//!
//! The API's answers are computed on tokio's blocking threads (at most [`WORKERS`] at once,
//! set by the runtime's builder in `mod.rs`); the reads and writes of every connection
//! share one thread and wait without holding one.

use super::api::{self, Method, Reply};
use super::diagrams;
use bytes::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use hyper::header::{HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode};
use std::borrow::Cow;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;

/// How many API answers are computed at once (the runtime's blocking threads).
pub const WORKERS: usize = 4;

/// What one request may take of the server.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The head's bytes: request line and header lines, line ends included.
    pub head: usize,
    /// The header lines.
    pub headers: usize,
    /// The body's bytes, as declared (`Content-Length`) or as they arrive (chunked).
    pub body: usize,
    /// The time to read a head, from the moment the server waits for one.
    pub head_time: Duration,
    /// The time to read a body, from the end of its head.
    pub body_time: Duration,
    /// The time one write of an answer may wait for the client to read.
    pub write_time: Duration,
    /// The bytes of bodies and answers held at once, by all connections.
    pub held: usize,
}

impl Limits {
    /// The limits of `rfc1738 serve`. The head holds the longest request target hyper
    /// reads (65,534 bytes, the `http` crate's bound: an `input` of 64 KiB fits by `GET`
    /// when its characters need no escape) and 32 KiB of header lines.
    pub const SERVE: Limits = Limits {
        head: 96 * 1024,
        headers: 100,
        body: api::MAX_BODY,
        head_time: Duration::from_secs(5),
        body_time: Duration::from_secs(5),
        write_time: Duration::from_secs(5),
        held: 64 * 1024 * 1024,
    };
}

/// What the connections share: their limits, and the room left for bodies and answers, in
/// KiB.
pub struct Server {
    limits: Limits,
    room: Arc<Semaphore>,
}

impl Server {
    pub fn new(limits: Limits) -> Arc<Server> {
        Arc::new(Server {
            limits,
            room: Arc::new(Semaphore::new(limits.held / 1024)),
        })
    }

    /// A share of the room for `bytes` more bytes (all of it for more than all), once
    /// there is room.
    async fn share(&self, bytes: usize) -> OwnedSemaphorePermit {
        let kib = bytes.div_ceil(1024).min(self.limits.held / 1024);
        Arc::clone(&self.room)
            .acquire_many_owned(u32::try_from(kib).unwrap_or(u32::MAX))
            .await
            .expect("the room is never closed")
    }
}

/// An answer's bytes and their share of the room, given back together.
struct Held {
    answer: Vec<u8>,
    _share: OwnedSemaphorePermit,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.answer
    }
}

/// The page, its two files and its icon, compiled into the binary.
static PAGES: [(&str, &str, &[u8]); 4] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("assets/index.html"),
    ),
    (
        "/explorer.css",
        "text/css; charset=utf-8",
        include_bytes!("assets/explorer.css"),
    ),
    (
        "/explorer.js",
        "text/javascript; charset=utf-8",
        include_bytes!("assets/explorer.js"),
    ),
    // The icon a browser asks for at /favicon.ico, which an SVG serves in every browser
    // of today (index.html names it too).
    (
        "/favicon.ico",
        "image/svg+xml",
        include_bytes!("assets/favicon.svg"),
    ),
];

/// The page's policy: its own files only (the SVG diagrams carry their own `<style>`).
const CSP: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
                   frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// Serves one connection until the client closes it, a limit closes it, or an answer says
/// `Connection: close`. A client that went away, timed out or sent no HTTP is no error of
/// the server's: nothing is returned.
pub async fn connection<S>(stream: S, server: Arc<Server>)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let limits = server.limits;
    let io = hyper_util::rt::TokioIo::new(WriteTimed::new(stream, limits.write_time));
    let service = hyper::service::service_fn(move |request| handle(request, Arc::clone(&server)));
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        // A client that closes its side after its request still gets the answer.
        .half_close(true)
        .header_read_timeout(limits.head_time)
        .max_header_size(limits.head)
        .max_headers(limits.headers)
        // The read buffer: the head, or a piece of a body.
        .max_buf_size(limits.head.max(8192))
        .serve_connection(io, service)
        .await;
}

/// Answers one request.
async fn handle(
    request: Request<Incoming>,
    server: Arc<Server>,
) -> Result<Response<Answer>, Infallible> {
    let limits = server.limits;
    let method = match *request.method() {
        hyper::Method::GET => Method::Get,
        hyper::Method::HEAD => Method::Head,
        hyper::Method::POST => Method::Post,
        _ => Method::Other,
    };
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().to_owned();
    let query = parts.uri.query().unwrap_or("").to_owned();
    // A declared length over the limit is refused on its own, before any byte is read.
    if body.size_hint().lower() > limits.body as u64 {
        return Ok(respond(too_large(limits), true));
    }
    if !api::is_endpoint(&path) {
        // A body sent with a page's request is not read: the connection ends with the answer.
        return Ok(respond(page(method, &path), !body.is_end_stream()));
    }
    let (bytes, share, unread) = match method {
        Method::Post => {
            match tokio::time::timeout(limits.body_time, read_body(body, &server)).await {
                Ok(Ok((bytes, share))) => (bytes, share, false),
                Ok(Err(refusal)) => return Ok(respond(refusal, true)),
                Err(_) => {
                    let late = api::ApiError::new(
                        408,
                        "request-timeout",
                        format!(
                            "the request body did not arrive within {} s",
                            limits.body_time.as_secs_f64()
                        ),
                    );
                    return Ok(respond(late.reply(), true));
                }
            }
        }
        _ => (Vec::new(), None, !body.is_end_stream()),
    };
    let computed = tokio::task::spawn_blocking(move || {
        let Reply {
            status,
            content_type,
            body,
            allow,
        } = api::answer(method, &path, &query, &bytes);
        drop((bytes, share));
        let body = match body {
            Cow::Borrowed(body) => Bytes::from_static(body),
            // The answer waits here for its share (this thread holds no other), so that no
            // more than the workers' answers are ever held beyond the room.
            Cow::Owned(answer) => {
                let share = tokio::runtime::Handle::current().block_on(server.share(answer.len()));
                Bytes::from_owner(Held {
                    answer,
                    _share: share,
                })
            }
        };
        (status, content_type, allow, body)
    })
    .await;
    Ok(match computed {
        Ok((status, content_type, allow, body)) => {
            response(status, content_type, allow, body, unread)
        }
        Err(_) => respond(
            api::ApiError::new(500, "internal-error", "the answer could not be computed").reply(),
            true,
        ),
    })
}

/// The 413 of a body over the limit.
fn too_large(limits: Limits) -> Reply {
    api::ApiError::new(
        413,
        "body-too-large",
        format!("the request body is larger than {} bytes", limits.body),
    )
    .reply()
}

/// The body of a request, at most [`Limits::body`] bytes (more is a 413), and its share of
/// the room. Room is taken as bytes arrive, never for a length only declared.
async fn read_body(
    mut body: Incoming,
    server: &Server,
) -> Result<(Vec<u8>, Option<OwnedSemaphorePermit>), Reply> {
    let max = server.limits.body;
    let mut bytes: Vec<u8> = Vec::new();
    let mut share: Option<OwnedSemaphorePermit> = None;
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let frame = frame.map_err(|error| {
            api::ApiError::new(
                400,
                "bad-body",
                format!("the request body cannot be read: {error}"),
            )
            .reply()
        })?;
        let Ok(data) = frame.into_data() else {
            // Trailers: hyper bounds them as it bounds the head; nothing here reads them.
            continue;
        };
        let length = bytes.len() + data.len();
        if length > max {
            return Err(too_large(server.limits));
        }
        let held = share.as_ref().map_or(0, |share| share.num_permits());
        if length.div_ceil(1024) > held {
            let more = server.share(length - held * 1024).await;
            match &mut share {
                Some(share) => share.merge(more),
                None => share = Some(more),
            }
        }
        if length > bytes.capacity() {
            // Doubling, but never past the limit.
            let room = length.max(2 * bytes.capacity()).min(max);
            bytes.reserve_exact(room - bytes.len());
        }
        bytes.extend_from_slice(&data);
    }
    Ok((bytes, share))
}

/// The page, its files, the diagrams; a JSON 404 for anything else.
fn page(method: Method, path: &str) -> Reply {
    let found = PAGES
        .iter()
        .find(|(name, _, _)| *name == path || (path == "/index.html" && *name == "/"))
        .map(|(_, content_type, bytes)| (*content_type, *bytes))
        .or_else(|| {
            let file = path.strip_prefix("/diagrams/")?;
            let file = if file.is_empty() { "index.html" } else { file };
            let content_type = match file.ends_with(".svg") {
                true => "image/svg+xml",
                false => "text/html; charset=utf-8",
            };
            diagrams::file(file).map(|bytes| (content_type, bytes))
        });
    match (found, method) {
        (Some((content_type, bytes)), Method::Get | Method::Head) => Reply {
            status: 200,
            content_type,
            body: Cow::Borrowed(bytes),
            allow: None,
        },
        (Some(_), _) => {
            let mut reply = api::ApiError::new(
                405,
                "method-not-allowed",
                format!("{path} answers GET and HEAD"),
            )
            .reply();
            reply.allow = Some("GET, HEAD");
            reply
        }
        (None, _) => api::not_found(path),
    }
}

/// `reply` as a response, with the headers every answer carries; `close` ends the
/// connection after it (a body refused or left unread).
fn respond(reply: Reply, close: bool) -> Response<Answer> {
    let body = match reply.body {
        Cow::Borrowed(bytes) => Bytes::from_static(bytes),
        Cow::Owned(bytes) => Bytes::from(bytes),
    };
    response(reply.status, reply.content_type, reply.allow, body, close)
}

/// A response of `body`, with the headers every answer carries.
fn response(
    status: u16,
    content_type: &'static str,
    allow: Option<&'static str>,
    body: Bytes,
    close: bool,
) -> Response<Answer> {
    let mut response = Response::new(Answer(Some(body)));
    *response.status_mut() = StatusCode::from_u16(status).expect("the API's statuses are valid");
    let headers = response.headers_mut();
    let mut set = |name: HeaderName, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(hyper::header::CONTENT_TYPE, content_type);
    set(hyper::header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(hyper::header::CACHE_CONTROL, "no-store");
    set(hyper::header::CONTENT_SECURITY_POLICY, CSP);
    if let Some(allow) = allow {
        set(hyper::header::ALLOW, allow);
    }
    if close {
        set(hyper::header::CONNECTION, "close");
    }
    response
}

/// An answer's body: one piece of known length (hyper writes its `Content-Length`, and
/// leaves the piece out when answering `HEAD`).
pub struct Answer(Option<Bytes>);

impl Body for Answer {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(self.get_mut().0.take().map(|bytes| Ok(Frame::data(bytes))))
    }

    fn is_end_stream(&self) -> bool {
        self.0.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.0.as_ref().map_or(0, |bytes| bytes.len() as u64))
    }
}

/// A stream whose writes each wait at most `limit` for the other end to take bytes: a
/// client that stops reading its answer is dropped, and its answer with it.
struct WriteTimed<S> {
    inner: S,
    limit: Duration,
    /// Since when a write has been waiting.
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimed<S> {
    fn new(inner: S, limit: Duration) -> WriteTimed<S> {
        WriteTimed {
            inner,
            limit,
            waiting: None,
        }
    }

    /// A write's outcome: ready, waiting within the limit, or past it (an error).
    fn timed<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.waiting = None;
            return poll;
        }
        let limit = self.limit;
        let waiting = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match waiting.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took no bytes of the answer within the time-out",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimed<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimed<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.timed(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.timed(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_flush(cx);
        this.timed(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}
