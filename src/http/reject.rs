//! Every answer that is not a diagram or the page: what was wrong, its status, and the message that says where.

use super::game::{BodyError, GAME_PATH, MAX_BODY_BYTES};
use super::headers::{
    cors, header, header_value, nosniff, prefers_image, Response, ERROR_CACHE_CONTROL, INTERNAL_ERROR_CACHE_CONTROL,
    PNG, TEXT,
};
use super::link::MAX_URL_LEN;
use crate::draw::card::message_png;
use crate::draw::layout::ImageTooLarge;
use crate::links::LinkError;
use crate::notation::ffen::ParseError;
use crate::notation::moves::MoveError;
use crate::options::error::OptionError;
use crate::output::animation::AnimationError;
use crate::output::cost::TooCostly;
use crate::output::format::{Format, WriteError};
use crate::output::pipeline::OrderError;
use std::fmt;

/// Why a request gets no diagram. Its [`Display`](fmt::Display) is the message sent; [`Reject::status`] the status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reject {
    /// `405`: a method other than `GET` and `HEAD` (the answer carries `Allow: GET, HEAD`).
    MethodNotAllowed {
        /// The method as sent.
        method: String,
    },
    /// `405`: a method other than `POST` on `/game.gif` (the answer carries `Allow: POST`).
    PostOnly {
        /// The method as sent.
        method: String,
    },
    /// `413`: a `POST /game.gif` body (its `Content-Length`, or what was read) over [`MAX_BODY_BYTES`], or over
    /// what the deployment's CPU limit reads ([`super::game::max_body_bytes`]).
    BodyTooLarge {
        /// Its length in bytes, as far as it is known (the header's, or the limit and one byte read).
        len: u64,
        /// The limit it is over.
        limit: u64,
    },
    /// `400`: a `POST /game.gif` body that cannot be read: the field's place and why.
    BadBody(BodyError),
    /// `414`: the URL is longer than [`MAX_URL_LEN`].
    UrlTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// `404`: no route at this path.
    NotFound,
    /// `404`: `GET /` reached the Worker. The editor page is a static asset (`page/index.html`, wrangler.toml's
    /// `[assets]`), served before the Worker runs; a deployment without it has no page.
    NoPage,
    /// `400`: a required parameter of the modern route is absent (`ffen`, or its alias `fen`).
    MissingParameter {
        /// The parameter's name.
        name: &'static str,
        /// Its aliases.
        aliases: &'static [&'static str],
        /// The route, for the example the message gives.
        path: &'static str,
    },
    /// `400`: another service's link (a [`crate::links::Family`]) has no position, or one its grammar cannot
    /// read, or an option that cannot be drawn.
    BadLink(LinkError),
    /// `400`: a parameter has a value it cannot take (`dialect`, `width`, a render option).
    BadOption(OptionError),
    /// `400`: the FFEN cannot be read; the error names the column.
    BadFfen(ParseError),
    /// `400`: the diagram would be larger than the image limits.
    TooLarge(ImageTooLarge),
    /// `400`: the diagram's predicted CPU is over the deployment's limit (`FFEN_MAX_RENDER_MS`, [`crate::render_cost`]).
    TooCostly(Box<TooCostly>),
    /// `400`: the runtime could not read the request's URL.
    UnreadableUrl,
    /// `400`: `moves` cannot be read or played on the board: the move's place and text, and why.
    BadMoves(MoveError),
    /// `400`: `moves` asked of a format that does not animate (the SVG).
    NotAnimated(Format),
    /// `400`: a GIF or an animated PNG whose frames one palette cannot hold (more than 256 colours, transparent
    /// colours), found while drawing: never a different picture instead. Never stored.
    Unanimatable(AnimationError),
    /// `500`: drawing failed inside the service (never caused by the request, never expected). The answer is
    /// never stored (`Cache-Control: no-store`).
    Internal(WriteError),
}

/// A diagram's order refused at one of the pipeline's steps, as the Worker answers it.
impl From<OrderError> for Reject {
    fn from(error: OrderError) -> Reject {
        match error {
            OrderError::Option(e) => Reject::BadOption(e),
            OrderError::Position(e) => Reject::BadFfen(e),
            OrderError::Moves(e) => Reject::BadMoves(e),
            OrderError::NotAnimated(format) => Reject::NotAnimated(format),
            OrderError::TooLarge(e) => Reject::TooLarge(e),
            OrderError::TooCostly(e) => Reject::TooCostly(e),
        }
    }
}

impl Reject {
    /// The status code.
    pub fn status(&self) -> u16 {
        match self {
            Reject::MethodNotAllowed { .. } | Reject::PostOnly { .. } => 405,
            Reject::BodyTooLarge { .. } => 413,
            Reject::UrlTooLong { .. } => 414,
            Reject::NotFound | Reject::NoPage => 404,
            Reject::MissingParameter { .. }
            | Reject::BadLink(_)
            | Reject::BadOption(_)
            | Reject::BadFfen(_)
            | Reject::TooLarge(_)
            | Reject::TooCostly(_)
            | Reject::UnreadableUrl
            | Reject::BadMoves(_)
            | Reject::BadBody(_)
            | Reject::NotAnimated(_)
            | Reject::Unanimatable(_) => 400,
            Reject::Internal(_) => 500,
        }
    }

    /// Whether the request caused it: a client error (`4xx`), cacheable briefly. An internal failure is not.
    fn is_client_error(&self) -> bool {
        !matches!(self, Reject::Internal(_))
    }

    /// The answer: [`Reject::status`], the message as `text/plain` or, when `accept` prefers images (an `<img>`),
    /// drawn as a small PNG, so a broken diagram explains itself in the page; no body for `HEAD`.
    ///
    /// A client error is cacheable for a minute ([`ERROR_CACHE_CONTROL`], `Vary: Accept`); an internal failure is
    /// always text and never stored ([`INTERNAL_ERROR_CACHE_CONTROL`]).
    pub fn response(&self, accept: Option<&str>, head: bool) -> Response {
        let message = self.to_string();
        let client_error = self.is_client_error();
        // Should the message card fail to encode, the message still goes out as text.
        let card = if client_error && prefers_image(accept) { message_png(&message).ok() } else { None };
        let (content_type, body) = match card {
            Some(png) => (PNG, png),
            None => (TEXT, format!("{message}\n").into_bytes()),
        };
        // A refusal that holds only until this isolate has drawn some pieces is never stored: asking again may be
        // admitted.
        let transient = matches!(self, Reject::TooCostly(e) if e.for_new_sprites().is_some());
        let cache_control = if client_error && !transient { ERROR_CACHE_CONTROL } else { INTERNAL_ERROR_CACHE_CONTROL };
        let mut headers = vec![header("Content-Type", content_type), header("Cache-Control", cache_control)];
        headers.push(header("Vary", "Accept"));
        headers.extend(cors());
        headers.push(nosniff());
        match self {
            Reject::MethodNotAllowed { .. } => headers.push(header("Allow", "GET, HEAD")),
            Reject::PostOnly { .. } => headers.push(header("Allow", "POST")),
            _ => {}
        }
        Response { status: self.status(), headers, body: if head { Vec::new() } else { body } }
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The method goes into the message escaped like a header value: it is the client's text.
            Reject::MethodNotAllowed { method } => {
                write!(f, "method {} not allowed: use GET or HEAD", header_value(method))
            }
            Reject::PostOnly { method } => {
                write!(
                    f,
                    "method {} not allowed on {GAME_PATH}: use POST with lila-gif's JSON body",
                    header_value(method)
                )
            }
            Reject::BodyTooLarge { len, limit } if *limit < MAX_BODY_BYTES => write!(
                f,
                "request body too large: {len} bytes or more; under this service's CPU limit (FFEN_MAX_RENDER_MS) \
                 at most {limit} bytes are read ({MAX_BODY_BYTES} without it)"
            ),
            Reject::BodyTooLarge { len, limit } => {
                write!(f, "request body too large: {len} bytes or more, the limit is {limit}")
            }
            Reject::BadBody(e) => write!(f, "invalid {GAME_PATH} body: {e}"),
            Reject::UrlTooLong { len } => write!(f, "URL too long: {len} bytes, the limit is {MAX_URL_LEN}"),
            Reject::NotFound => f.write_str(
                "not found: diagrams are at /diagram.png?ffen=<FFEN>, …/d.php?ff=<FFEN> or …/xfen/?<XFEN>; see /",
            ),
            Reject::NoPage => f.write_str(
                "not found: the editor page is a static asset (page/index.html, wrangler.toml's [assets]) that this \
                 deployment does not serve; diagrams are at /diagram.png?ffen=<FFEN>",
            ),
            Reject::MissingParameter { name, aliases, path } => {
                write!(f, "missing parameter {name}")?;
                if !aliases.is_empty() {
                    write!(f, " (or {})", aliases.join(", "))?;
                }
                write!(f, ": use {path}?{name}=<{}>", name.to_ascii_uppercase())
            }
            Reject::BadLink(e) => write!(f, "{e}"),
            Reject::BadOption(e) => write!(f, "invalid option: {e}"),
            Reject::BadFfen(e) => write!(f, "invalid FFEN, {e}"),
            Reject::TooLarge(e) => write!(f, "{e}"),
            Reject::TooCostly(e) => write!(f, "{e}"),
            Reject::UnreadableUrl => f.write_str("unreadable URL"),
            Reject::BadMoves(e) => write!(f, "invalid moves: {e}"),
            Reject::NotAnimated(format) => write!(
                f,
                "moves are animated as PNG or GIF only, not {}: use /diagram.png or /diagram.gif",
                format.extension().to_ascii_uppercase()
            ),
            Reject::Unanimatable(e) => write!(f, "this diagram cannot be animated or drawn as a GIF: {e}"),
            Reject::Internal(e) => write!(f, "internal error while drawing the diagram: {e}"),
        }
    }
}

impl std::error::Error for Reject {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::png::EncodeError;

    fn text(response: &Response) -> &str {
        std::str::from_utf8(&response.body).unwrap()
    }

    #[test]
    fn each_rejection_has_its_status() {
        let cases = [
            (Reject::MethodNotAllowed { method: "POST".into() }, 405),
            (Reject::PostOnly { method: "GET".into() }, 405),
            (Reject::BodyTooLarge { len: MAX_BODY_BYTES + 1, limit: MAX_BODY_BYTES }, 413),
            (Reject::BadBody(BodyError { field: "frames".into(), message: "missing".into() }), 400),
            (Reject::UrlTooLong { len: MAX_URL_LEN + 1 }, 414),
            (Reject::NotFound, 404),
            (Reject::NoPage, 404),
            (Reject::MissingParameter { name: "ffen", aliases: &["fen"], path: "/diagram.png" }, 400),
            (Reject::BadOption(OptionError::new("dialect", "x", "one of janko")), 400),
            (Reject::TooLarge(ImageTooLarge { width: 3000, height: 10, max_pixels: 1000 }), 400),
            (
                Reject::TooCostly(Box::new(TooCostly {
                    cost: crate::output::cost::RenderCost {
                        micros: 9_100,
                        width: 900,
                        height: 900,
                        tiles: 40,
                        frames: 1,
                        new_sprites: crate::work::Work::NONE,
                        animation: crate::work::Work::NONE,
                        still: crate::work::Work::NONE,
                        words: false,
                    },
                    limit: crate::output::cost::CostLimit::new(8).unwrap(),
                    lasting: false,
                })),
                400,
            ),
            (Reject::UnreadableUrl, 400),
            (Reject::BadMoves(MoveError::TooMany(501)), 400),
            (Reject::NotAnimated(Format::Svg), 400),
            (Reject::Unanimatable(AnimationError::TooManyColours), 400),
            (Reject::Internal(EncodeError::Empty.into()), 500),
        ];
        for (reject, status) in cases {
            assert_eq!(reject.status(), status, "{reject:?}");
            let response = reject.response(None, false);
            assert_eq!(response.status, status);
            assert_eq!(text(&response), format!("{reject}\n"));
            assert_eq!(response.header("Allow").is_some(), status == 405);
        }
    }

    #[test]
    fn client_errors_are_text_or_a_picture_by_accept_and_cacheable_briefly() {
        let reject = Reject::NotFound;
        let text = reject.response(Some("text/html,*/*;q=0.8"), false);
        assert_eq!(text.header("content-type"), Some(TEXT));
        assert_eq!(text.header("cache-control"), Some(ERROR_CACHE_CONTROL));
        assert_eq!(text.header("vary"), Some("Accept"));
        let png = reject.response(Some("image/webp,*/*"), false);
        assert_eq!(png.header("content-type"), Some(PNG));
        assert_eq!(png.header("cache-control"), Some(ERROR_CACHE_CONTROL));
        assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
        let head = reject.response(Some("image/webp,*/*"), true);
        assert!(head.body.is_empty());
        assert_eq!(head.header("content-type"), Some(PNG));
    }

    /// An internal failure is never a `200`, never cacheable, and always text (even for an `<img>`: drawing is
    /// what failed).
    #[test]
    fn an_internal_failure_is_a_500_that_no_cache_keeps() {
        let reject = Reject::Internal(EncodeError::SizeMismatch.into());
        for accept in [None, Some("image/png")] {
            let response = reject.response(accept, false);
            assert_eq!(response.status, 500);
            assert_eq!(response.header("cache-control"), Some(INTERNAL_ERROR_CACHE_CONTROL));
            assert_eq!(response.header("content-type"), Some(TEXT));
            assert_eq!(
                text(&response),
                "internal error while drawing the diagram: the pixel buffer does not match the image size\n"
            );
        }
    }

    #[test]
    fn the_method_is_escaped_in_the_message() {
        let reject = Reject::MethodNotAllowed { method: "BR EW\n%".into() };
        assert_eq!(reject.to_string(), "method BR%20EW%0A%25 not allowed: use GET or HEAD");
    }
}
