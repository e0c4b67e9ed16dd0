//! Each family read from URLs of the shapes its sources show (the source is named beside each), and the same
//! position through every family.

use super::*;
use crate::notation::ffen::{canonical, parse_link};

/// The family at `url`'s path and what it reads from `url` (`path?query`).
fn read(url: &str) -> Result<(&'static Family, FamilyLink), LinkError> {
    let (path, query) = match url.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (url, None),
    };
    let family = Family::at(path).unwrap_or_else(|| panic!("no family at {path}"));
    family.read(path, query).map(|link| (family, link))
}

/// The canonical FFEN of a link's position.
fn position(link: &FamilyLink) -> String {
    canonical(&parse_link(&link.ffen, link.dialect).unwrap_or_else(|e| panic!("{:?}: {e}", link.ffen)))
}

/// The canonical options of a link.
fn options(link: &FamilyLink) -> String {
    link.options.canonical()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
/// After 1.e4: the position every family is asked for in `one_position_through_every_family`.
const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";

#[test]
fn the_same_position_through_every_family_is_one_ffen() {
    let urls = [
        // jinchess: 64 squares from a8 (`-` empty), and the FEN form.
        "/chessboard/?p=rnbqkbnrpppppppp--------------------P-----------PPPP-PPPRNBQKBNR",
        "/chessboard/?p=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20e3%200%201",
        // fen-to-image: options, then the eight ranks as segments, `.png`.
        "/image/32/coords/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR.png",
        // Apronus: a prefix letter, then 64 squares from a1 (`_` empty).
        "/chess/stilldiagram.php?d=DRNBQKBNRPPPP_PPP____________P___________________pppppppprnbqkbnr",
        "/chess/diagram/arrowgram.php?a=rnbqkbnrHppppppppH8H8H4P3H8HPPPP1PPPHRNBQKBNR",
        // web-boardimage, PNG and SVG.
        "/board.png?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_-_0_1&size=400",
        "/board.svg?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201",
        // lichess and lila-gif.
        "/export/fen.gif?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&color=white",
        "/image.gif?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR+b+KQkq+-+0+1&lastMove=e2e4",
        // chessboardimage.com: with and without slashes, with the other fields.
        "/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR.png",
        "/rnbqkbnrpppppppp884P38PPPP1PPPRNBQKBNR.png",
        "/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201-flip.png",
        // chessvision.
        "/fen2image/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201?pov=white",
        "/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201?turn=white&pov=white",
        // chess.com.
        "/dynboard?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&size=2",
        "/diagram?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&size=0",
        // fen2png: a whole FEN, `raw=true`.
        "/api/?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&raw=true",
        // HGM's fen.cgi: an XBoard FEN.
        "/cgi-bin/fen.cgi?f=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&s=40",
        // Game Courier's Forsythe code: the same squares.
        "/play/pbm/drawdiagram.php?code=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        // ChessImager: the board field with the trailing `/` bots write, and their fake extension.
        "/ChessImager/ChessImager.php?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR/&nonsense=foobar.png",
        // chessup: a whole FEN, `&.png` at the end.
        "/php/pictureParser.php?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&coord=on&.png",
    ];
    let want = canonical(&parse_link(E4, crate::notation::ffen::Dialect::Janko).unwrap());
    for url in urls {
        let (family, link) = read(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(position(&link), want, "{family}: {url}");
    }
}

#[test]
fn every_family_is_found_by_its_path_and_no_other_path_is_taken() {
    let cases = [
        ("/chessboard/", "jinchess"),
        ("/chessboard", "jinchess"),
        ("/www.jinchess.com/chessboard/", "jinchess"),
        ("/image/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fen-to-image"),
        ("/chess/stilldiagram.php", "Apronus"),
        ("/chess/diagram/stagram.php", "Apronus"),
        ("/chess/diagram/arrowgram.php", "Apronus"),
        ("/board.png", "web-boardimage"),
        ("/board.svg", "web-boardimage"),
        ("/export/fen.gif", "lichess"),
        ("/image.gif", "lichess"),
        ("/8/8/8/8/8/8/8/8.png", "chessboardimage.com"),
        ("/fen2image/8/8/8/8/8/8/8/8", "chessvision"),
        ("/8/8/8/8/8/8/8/8", "chessvision"),
        ("/8/8/8/8/8/8/8/K7%20w%20-%20-%200%201", "chessvision"),
        ("/dynboard", "chess.com"),
        ("/diagram", "chess.com"),
        ("/api/", "fen2png"),
        ("/cgi-bin/fen.cgi", "HGM fen.cgi"),
        ("/play/pbm/drawdiagram.php", "Game Courier"),
        ("/ChessImager/ChessImager.php", "ChessImager"),
        ("/php/pictureParser.php", "chessup"),
    ];
    for (path, family) in cases {
        assert_eq!(Family::at(path).map(|f| f.name), Some(family), "{path}");
    }
    let others = ["/", "/favicon.ico", "/favicon.png", "/robots.txt", "/image/", "/image", "/.png", "/board", "/x.gif"];
    for path in
        others.into_iter().chain(["/8/8/8/8/8/8/8", "/8/8/8/8/8/8/8/8/8", "/a/b/c/d/e/f/g/h", "/8/8/8/8/8/8/8/8x"])
    {
        assert_eq!(Family::at(path), None, "{path}");
    }
    // The service's own storage path is never a position.
    assert_eq!(Family::at("/__cache/diagram.png"), None);
}

#[test]
fn the_bots_families_are_found_at_the_host_root() {
    // A host name pointed here keeps its paths: a script that sat at the old host's root is at this one's.
    for (url, family, ffen) in [
        ("/ChessImager.php?fen=8/8/8/4k3/8/8/8/4K3/&direction=reverse", "ChessImager", "8/8/8/4k3/8/8/8/4K3"),
        ("/pictureParser.php?fen=8/8/8/4k3/8/8/8/4K3%20w%20-%20-&coord=on&.png", "chessup", "8/8/8/4k3/8/8/8/4K3"),
        ("/ChessImager.php/?fen=8/8/8/8/8/8/8/K7", "ChessImager", "8/8/8/8/8/8/8/K7"),
    ] {
        let (found, link) = read(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!((found.name, position(&link).as_str()), (family, ffen), "{url}");
    }
    // a name that only ends like the script is not it
    assert_eq!(Family::at("/MyChessImager.php"), None);
}

#[test]
fn a_link_without_a_position_names_its_form() {
    for url in ["/chessboard/?s=l", "/board.png?size=300", "/export/fen.gif", "/dynboard?fen=", "/image/32/"] {
        let path = url.split('?').next().unwrap();
        if let Some(family) = Family::at(path) {
            let query = url.split_once('?').map(|(_, q)| q);
            let error = family.read(path, query).unwrap_err();
            assert_eq!(error, LinkError::Missing(family), "{url}");
            assert!(error.to_string().contains(family.form), "{error}");
        }
    }
}

#[test]
fn sixty_four_square_positions_say_what_is_wrong_and_where() {
    let error = read("/chessboard/?p=rnbqkbnrpppppppp").unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid position in `p` of a jinchess link: 16 squares, expected 64 (eight ranks of eight)"
    );
    let error = read(&format!("/chessboard/?p=rnbqkbnrpppxpppp{}", "-".repeat(48))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid position in `p` of a jinchess link: 'x' at column 12 is no square: expected a piece letter (KQRBNP, kqrbnp) or '-' for an empty one"
    );
    let error = read("/chess/stilldiagram.php?d=_RNBQ").unwrap_err();
    assert!(error.to_string().starts_with("invalid position in `d` of a Apronus link: 5 squares"), "{error}");
}

/// web-boardimage, after `server.py`: `size` is the picture (360 by default, 16–1024) with a 15-unit margin per
/// side when `coordinates` is on, the lichess brown board by default, `orientation=black` flips, `lastMove` (in
/// lichess' colours), `check` (the red glow), `arrows` with colour letters (green by default; one square is a
/// circle), `squares` (crossed out, as `chess.svg` draws them).
#[test]
fn web_boardimage_reads_size_colours_marks_and_format() {
    let (_, link) = read(&format!("/board.png?fen={START}")).unwrap();
    assert_eq!(options(&link), "s45.f0.c0.brown");
    assert_eq!(link.format, Format::Png);
    let (_, link) = read(&format!(
        "/board.svg?fen={START}&orientation=black&size=390&coordinates=1&colors=wikipedia&lastMove=e2e4&check=e8&arrows=Ge2e4,Rd1h5,f7&squares=a3,h6"
    ))
    .unwrap();
    assert_eq!(link.format, Format::Svg);
    assert_eq!(
        options(&link),
        "s45.f1.c1.wikipedia.squares=a3,h6.arrows=Rd1h5,Ge2e4,Gf7f7.lastmove=e2e4.check=e8.lastmove_style=lichess.\
         squares_style=x"
    );
    // Each on its own; a malformed square is ignored as the service would refuse it.
    let (_, link) = read(&format!("/board.png?fen={START}&check=e1&squares=e1,x9")).unwrap();
    assert_eq!(options(&link), "s45.f0.c0.brown.squares=e1.check=e1.squares_style=x");
    let (_, link) = read(&format!("/board.png?fen={START}&check=e9&lastmove=e7e5")).unwrap();
    assert_eq!(options(&link), "s45.f0.c0.brown.lastmove=e7e5.lastmove_style=lichess");
    let (_, link) = read(&format!("/board.png?fen={START}&size=5000&colors=lichess-blue")).unwrap();
    assert_eq!(options(&link), "s128.f0.c0.blue");
    let (_, link) = read(&format!("/board.png?fen={START}&size=16&coordinates=yes")).unwrap();
    assert_eq!(options(&link), "s12.f0.c1.brown");
}

/// lila-gif's `/image.gif` (its `api.rs`) and lichess' `/export/fen.gif`: 90-px squares, coordinates unless
/// `coordinates` says no (lila-gif's default), `orientation` or `color`, `lastMove` (in lichess' colours), `check`
/// (the glow) as a square or a yes for the side to move on lila-gif's route and computed from the position on
/// lichess', the players' names above and below.
#[test]
fn lichess_reads_orientation_check_theme_and_players() {
    let (_, link) = read(&format!("/export/fen.gif?fen={START}&color=black&theme=blue&piece=merida")).unwrap();
    assert_eq!(options(&link), "s90.f1.c1.gray.l=dee3e6.d=8ca2ad");
    let (_, link) = read(&format!(
        "/image.gif?fen={START}%20b%20KQkq%20-%200%201&check=1&lastMove=e2e4&white=Carlsen&black=Nakamura"
    ))
    .unwrap();
    assert_eq!(
        options(&link),
        "s90.f0.c1.brown.title=Nakamura.caption=Carlsen.lastmove=e2e4.check=e8.lastmove_style=lichess"
    );
    let (_, link) = read(&format!("/image.gif?fen={START}&check=d4")).unwrap();
    assert_eq!(options(&link), "s90.f0.c1.brown.check=d4");
    let (_, link) = read(&format!("/image.gif?fen={START}&orientation=black&white=W&black=B&theme=nonsense")).unwrap();
    assert_eq!(options(&link), "s90.f1.c1.brown.title=W.caption=B");
    // lila-gif's six themes in its colours, its aliases read as their theme; lila's set names drawn by our set or the
    // nearest one (cburnett, left out of the key, for the sets we cannot serve).
    for (query, key) in [
        ("theme=pink&piece=chessnut", "s90.f0.c1.gray.l=f1f1c9.d=f07272.piece=chessnut"),
        ("theme=leather&piece=Firi", "s90.f0.c1.gray.l=ececec.d=c1c18e.piece=firi"),
        ("theme=purple-diag&piece=pixel", "s90.f0.c1.gray.l=9f90b0.d=7d4a8d.piece=rhosgfx"),
        ("theme=blue-marble&piece=kiwen-suwi", "s90.f0.c1.gray.l=dee3e6.d=8ca2ad.piece=kiwen-suwi"),
        ("theme=green-plastic&piece=horsey", "s90.f0.c1.gray.l=ffffdd.d=86a666"),
        ("theme=wood&piece=nonsense", "s90.f0.c1.brown"),
    ] {
        let (_, link) = read(&format!("/image.gif?fen={START}&{query}")).unwrap();
        assert_eq!(options(&link), key, "{query}");
    }
    // lila-gif without coordinates; lichess' export route has no such switch.
    for no in ["0", "false", "False", "no", "off"] {
        let (_, link) = read(&format!("/image.gif?fen={START}&coordinates={no}")).unwrap();
        assert_eq!(options(&link), "s90.f0.c0.brown", "{no}");
        let (_, link) = read(&format!("/export/fen.gif?fen={START}&coordinates={no}")).unwrap();
        assert_eq!(options(&link), "s90.f0.c1.brown", "{no}");
    }
    let (_, link) = read(&format!("/image.gif?fen={START}&coordinates=true")).unwrap();
    assert_eq!(options(&link), "s90.f0.c1.brown");
    // lichess marks the king of the side to move when it is attacked, and ignores a `check` of the link.
    let mate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR_b_KQkq_-_0_4";
    let (_, link) = read(&format!("/export/fen.gif?fen={mate}&lastMove=h5f7")).unwrap();
    assert_eq!(options(&link), "s90.f0.c1.brown.lastmove=h5f7.check=e8.lastmove_style=lichess");
    let (_, link) = read(&format!("/export/fen.gif?fen={START}&check=e1")).unwrap();
    assert_eq!(options(&link), "s90.f0.c1.brown");
    // White to move when the FEN has no side: the white king is not attacked here.
    let (_, link) = read(&format!("/export/fen.gif?fen={}", mate.split('_').next().unwrap())).unwrap();
    assert_eq!(options(&link), "s90.f0.c1.brown");
}

/// chessboardimage.com: `-flip` and `-<sq><sq>` suffixes after the FEN, in either order.
#[test]
fn chessboardimage_reads_its_suffixes() {
    let (_, link) = read(&format!("/{START}-flip-e2e4.png")).unwrap();
    assert_eq!(options(&link), "s40.f1.c0.gray.lastmove=e2e4");
    let (_, link) = read("/rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR-e7e5.png").unwrap();
    assert_eq!(position(&link), canonical(&parse_link(START, crate::notation::ffen::Dialect::Janko).unwrap()));
    assert_eq!(options(&link), "s40.f0.c0.gray.lastmove=e7e5");
}

/// chessboardimage.com's `?turn=…&check=…`, as a chat bot builds them from its game (`turn=${white|black}`,
/// `check=${game.inCheck()}`): the king of the side to move glows when `check` is true; `turn` alone draws nothing.
#[test]
fn chessboardimage_marks_the_king_of_the_side_to_move_in_check() {
    // After 1.f3 e5 2.g4 Qh4#: White to move, in check.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR";
    let (_, link) = read(&format!("/{mated}.png?turn=white&check=true")).unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray.check=e1");
    let (_, link) = read(&format!("/{mated}.png?turn=black&check=true")).unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray.check=e8");
    // Without `turn`, the FEN's own side to move, else White.
    let (_, link) = read("/rnb1kbnrpppp1ppp84p36Pq5P2PPPPP2PRNBQKBNR%20b%20KQkq%20-%200%201.png?check=1").unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray.check=e8");
    for query in ["turn=white&check=false", "turn=black", "check=maybe", "theme=wood"] {
        let (_, link) = read(&format!("/{mated}.png?{query}")).unwrap();
        assert_eq!(options(&link), "s40.f0.c0.gray", "{query}");
    }
    // No king of that side: nothing to mark.
    let (_, link) = read("/8/8/8/8/8/8/8/K7.png?turn=black&check=true").unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray");
}

/// fen-to-image: a number is the cell size (16–128, 24 by default), `coords` turns coordinates on, `single` and
/// `double` (borders) are ignored, so is a query.
#[test]
fn fen_to_image_reads_its_option_segments() {
    let (_, link) = read(&format!("/image/{START}")).unwrap();
    assert_eq!(options(&link), "s24.f0.c0.gray");
    let (_, link) = read(&format!("/image/double/coords/64/{START}.png?junk=1")).unwrap();
    assert_eq!(options(&link), "s64.f0.c1.gray");
    let (_, link) = read(&format!("/image/8/{START}")).unwrap();
    assert_eq!(options(&link), "s16.f0.c0.gray");
}

/// jinchess: size classes, coordinates outside or on the rim, square colours, arrows, circles and captions.
#[test]
fn jinchess_reads_size_colours_marks_and_captions() {
    let (_, link) = read(&format!(
        "/chessboard/?p={START}&s=l&cm=o&lsc=%23ffffff&dsc=%23808080&a=e2e4&c=d5&tt=White+to+play&ct=Mate+in+2&ps=merida-flat&bp=wooden-dark#1234"
    ))
    .unwrap();
    assert_eq!(
        options(&link),
        "s40.f0.c1.gray.l=ffffff.d=808080.title=White to play.caption=Mate in 2.arrows=d5d5,e2e4"
    );
    // `cm=r`: the coordinates on a rim of the dark squares' colour, in the light squares' colour (the bot's
    // `?s=s&cm=r&ps=alpha-flat&p=…`).
    let (_, link) = read(&format!("/chessboard/?s=s&cm=r&ps=alpha-flat&p={START}")).unwrap();
    assert_eq!(options(&link), "s24.f0.c1.gray.rim=606060.coord_color=ffffff");
    let (_, link) = read(&format!("/chessboard/?p={START}&cm=r&lsc=f0d9b5&dsc=%23b58863")).unwrap();
    assert_eq!(options(&link), "s32.f0.c1.gray.l=f0d9b5.d=b58863.rim=b58863.coord_color=f0d9b5");
    let (_, link) = read(&format!("/chessboard/?p={START}&cm=x")).unwrap();
    assert_eq!(options(&link), "s32.f0.c0.gray");
}

/// Apronus' stagram: `p` the square size, `c` dark then light colour, `r` coordinates, `f=1` flip.
#[test]
fn apronus_reads_size_colours_and_flip() {
    let d = "DRNBQKBNRPPPPPPPP________________________________pppppppprnbqkbnr";
    let (_, link) =
        read(&format!("/chess/diagram/stagram.php?d={d}&p=37&s=1&c=B58863F0D9B5000000000000&r=FFFFFF&z=w&f=1"))
            .unwrap();
    assert_eq!(options(&link), "s37.f1.c1.gray.l=f0d9b5.d=b58863");
    assert_eq!(position(&link), canonical(&parse_link(START, crate::notation::ffen::Dialect::Janko).unwrap()));
}

/// chess.com (its DiagramGenerator library's `Config` and `Generator`): `size` (a deprecated index 0–3 or
/// `<n>px`), the green board, `light`/`dark`, `coordinates`, `flip`, highlighted squares in their colour, the
/// caption; the older `/diagram` route reads as `/dynboard`.
#[test]
fn chess_com_reads_size_flip_highlights_and_caption() {
    let (_, link) = read(&format!(
        "/dynboard?fen={START}&size=3&coordinates=inside&flip=true&highlight_squares=e2e4&caption=Open+game"
    ))
    .unwrap();
    assert_eq!(options(&link), "s90.f1.c1.green.caption=Open game.squares=e2,e4.squares_color=ffcccc");
    // `highlight_squares_color`: six hex digits (the library's pattern), else its default `ffcccc`; without
    // highlights it colours nothing.
    for (colour, want) in [("00FF80", "00ff80"), ("%23ff0000", "ffcccc"), ("red", "ffcccc"), ("", "ffcccc")] {
        let (_, link) =
            read(&format!("/diagram?fen={START}&highlight_squares=d2d4h&highlight_squares_color={colour}")).unwrap();
        assert_eq!(options(&link), format!("s20.f0.c0.green.squares=d2,d4.squares_color={want}"), "{colour}");
    }
    let (_, link) = read(&format!("/dynboard?fen={START}&highlight_squares_color=00ff80")).unwrap();
    assert_eq!(options(&link), "s20.f0.c0.green");
    // The indexes 0–3 are 20-, 30-, 60- and 90-px squares; `<n>px` is pixels from 20 to 200 (then our largest,
    // 128); a bare number above 3 is read as pixels; nothing, or a word, is the documented default of 20 px.
    for (size, square) in [
        ("0", 20),
        ("1", 30),
        ("2", 60),
        ("3", 90),
        ("50px", 50),
        ("10px", 20),
        ("250px", 128),
        ("45", 45),
        ("4", 20),
        ("big", 20),
        ("", 20),
    ] {
        let (_, link) = read(&format!("/diagram?fen={START}&size={size}")).unwrap();
        assert_eq!(link.options.size.pixels(), square, "size={size}");
    }
    let (_, link) = read(&format!("/dynboard?fen={START}")).unwrap();
    assert_eq!(options(&link), "s20.f0.c0.green");
    // `light` and `dark` as the library validates them: six hex digits, else the board's own colours.
    let (_, link) = read(&format!("/diagram?fen={START}&light=AECEF2&dark=16a656&piece=neo")).unwrap();
    assert_eq!(options(&link), "s20.f0.c0.green.l=aecef2.d=16a656");
    let (_, link) = read(&format!("/diagram?fen={START}&light=%23aecef2&dark=red")).unwrap();
    assert_eq!(options(&link), "s20.f0.c0.green");
    // Its pixel-art set is drawn as ours; its other sets (neo above) as cburnett.
    let (_, link) = read(&format!("/dynboard?fen={START}&piece=8_bit")).unwrap();
    assert_eq!(options(&link), "s20.f0.c0.green.piece=rhosgfx");
}

/// fen2png: `raw=true` or not, the picture (the original's HTML page is not reproduced).
#[test]
fn fen2png_answers_the_picture_with_or_without_raw() {
    let (family, raw) = read(&format!("/api/?fen={E4}%20b%20KQkq%20-%200%201&raw=true")).unwrap();
    let (_, page) = read(&format!("/api/?fen={E4}")).unwrap();
    assert_eq!((family.name, &raw), ("fen2png", &page));
    assert_eq!((position(&raw), options(&raw)), (position(&page), "s40.f0.c0.gray".to_string()));
    assert_eq!(read("/api/?raw=true").unwrap_err(), LinkError::Missing(&fen2png::FAMILY));
}

/// HGM's `fen.cgi` (its author's comment 37054 on chessvariants.com): an XBoard FEN on a board of any size, with
/// XBoard's letters (`A` archbishop, `C` chancellor, not janko's circle), `s` the square, `l` and `d` the squares'
/// colours, HGM's white and `#E0E0E0` by default, lines between squares, `w` and `b` the pieces' fills.
#[test]
fn fen_cgi_reads_xboard_letters_on_any_board() {
    let capablanca = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR";
    let (family, link) =
        read(&format!("/cgi-bin/fen.cgi?f={capablanca}%20w%20-%20-%200%201&s=50&l=FFFFC0&d=%23C08040")).unwrap();
    assert_eq!(family.name, "HGM fen.cgi");
    let janko = "rn[archbishop:b]bqkb[chancellor:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/\
                 RN[archbishop:w]BQKB[chancellor:w]NR";
    assert_eq!(position(&link), canonical(&parse_link(janko, crate::notation::ffen::Dialect::Janko).unwrap()));
    assert_eq!(options(&link), "s50.f0.c0.gray.l=ffffc0.d=c08040.hole=000000.borders");
    // Defaults, a three-digit colour, a colour that is none (the default), fairy letters, holes, holdings.
    let (_, link) = read("/fen.cgi?f=FEWMOHGDUVL*/feacwmohgdu*/12/12[Qq]&l=FFD&d=nonsense&w=ff0000").unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray.l=ffffdd.d=e0e0e0.hole=000000.borders.white_fill=ff0000");
    // `w` and `b` in the colour forms of `l` and `d`; white pieces filled white and black ones filled black are
    // ours as they are, and a colour that is none is the script's default (no fill).
    for (fills, want) in [
        ("w=%23FC0&b=Navy", ".white_fill=ffcc00.black_fill=000080"),
        ("w=FFFFC0&b=8B4513", ".white_fill=ffffc0.black_fill=8b4513"),
        ("w=FFFFFF&b=%23000000", ""),
        ("w=white&b=black", ""),
        ("w=&b=nonsense", ""),
        ("w=transparent&b=12345", ""),
    ] {
        let (_, link) = read(&format!("/fen.cgi?f=rnbqkbnr/8/8/8/8/8/8/RNBQKBNR&{fills}")).unwrap();
        assert_eq!(options(&link), format!("s40.f0.c0.gray.l=ffffff.d=e0e0e0.hole=000000.borders{want}"), "{fills}");
    }
    let board = parse_link(&link.ffen, link.dialect).unwrap();
    assert_eq!((board.width(), board.height()), (12, 4));
    // Bad positions name `f` and the column or rank.
    for (f, message) in [
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rank 2 from the top has 9 squares, the first has 8"),
        ("8/8/8/3X4/8/8/8/8", "'X' at column 8 is no XBoard piece letter"),
        ("99/8", "a run of more than 32 empty squares at column 2"),
    ] {
        let error = read(&format!("/fen.cgi?f={f}")).unwrap_err().to_string();
        assert!(error.starts_with("invalid position in `f` of a HGM fen.cgi link: "), "{error}");
        assert!(error.contains(message), "{f}: {error}");
    }
}

/// Game Courier's drawdiagram script: the Forsythe code at `width`.
#[test]
fn game_courier_reads_code_at_its_width() {
    let (_, link) = read("/play/pbm/drawdiagram.php?code=rnbakbnr10pppppppppp&width=10").unwrap();
    assert_eq!(link.dialect, crate::notation::ffen::Dialect::Courier { width: "10".parse().unwrap() });
}

/// Values with characters of several bytes where a family slices ASCII (found by the `plan` fuzz target).
#[test]
fn non_ascii_values_never_split_a_character() {
    let d = "DRNBQKBNRPPPPPPPP________________________________pppppppprnbqkbnr";
    let (_, link) = read(&format!("/chess/diagram/stagram.php?d={d}&c=B5886%EF%BF%BD%EF%BF%BD0000")).unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray");
    let (_, link) = read("/board.png?fen=8/8/8/8/8/8/8/8&arrows=a%C3%A91,Ga%C3%A91").unwrap();
    assert_eq!(options(&link), "s45.f0.c0.brown");
    let (_, link) = read("/chessboard/?p=8/8/8/8/8/8/8/8&a=a%C3%A91&c=%C3%A9").unwrap();
    assert_eq!(options(&link), "s32.f0.c0.gray");
}

#[test]
fn pixel_numbers_are_whole_decimal_numbers_saturated() {
    assert_eq!(pixels(" 400 "), Some(400));
    assert_eq!(pixels("99999999999999"), Some(u32::MAX));
    for text in ["", "4e2", "40.5", "-40", "0x40", "４０"] {
        assert_eq!(pixels(text), None, "{text:?}");
    }
    // A huge size is the largest square, not an error (web-boardimage clamps to 1024).
    let (_, link) = read("/board.png?fen=8/8/8/8/8/8/8/8&size=99999999999999").unwrap();
    assert_eq!(options(&link), "s128.f0.c0.brown");
}

/// ChessImager, as its bots' links are written (link-families.md): the board field with a trailing `/`,
/// `direction=reverse` flips, `coordinates=on`; chessup's `coord=on`. Anything else is ignored.
#[test]
fn chessimager_and_chessup_read_their_bots_links() {
    let (_, link) = read(&format!("/ChessImager/ChessImager.php?fen={E4}/&direction=reverse&coordinates=on")).unwrap();
    assert_eq!(
        (position(&link), options(&link)),
        (canonical(&parse_link(E4, crate::notation::ffen::Dialect::Janko).unwrap()), "s40.f1.c1.gray".to_string())
    );
    let (_, link) =
        read(&format!("/ChessImager/ChessImager.php?fen={E4}&direction=forward&coordinates=off&size=90")).unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray");
    let (_, link) = read(&format!("/php/pictureParser.php?fen={E4}&coord=on&.png")).unwrap();
    assert_eq!(options(&link), "s40.f0.c1.gray");
    let (_, link) = read(&format!("/php/pictureParser.php?fen={E4}&.png")).unwrap();
    assert_eq!(options(&link), "s40.f0.c0.gray");
    let error = read("/php/pictureParser.php?fen=rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid position in `fen` of a chessup link: the board has 9 files and 8 ranks; a chess board has 8 and 8"
    );
    let error = read("/ChessImager/ChessImager.php?coordinates=on").unwrap_err();
    assert_eq!(error.to_string(), "missing position: a ChessImager link reads …/ChessImager.php?fen=<FEN>");
}

/// lila-gif's board colours as its GIFs show them (the centres of a8 and b8 of `GET /image.gif?fen=8/8/8/8/8/8/8/8
/// &theme=…`, from lila-gif built from its public source, lichess-org/lila-gif): ours, read from the same link and
/// drawn, within 3 units a channel, for its six themes and some of lila's other board names (which it draws as one
/// of the six, or brown).
#[test]
fn lila_gifs_themes_are_drawn_in_its_colours_within_three_units() {
    let seen = [
        ("blue", 0xdbe3e8, 0x8da3ad),
        ("brown", 0xefd8b3, 0xb58863),
        ("green", 0xfdfddb, 0x86a666),
        ("ic", 0xedeaec, 0xc1c18f),
        ("pink", 0xf1f0c9, 0xef7372),
        ("purple", 0x9f90b0, 0x7d4a8d),
        ("wood", 0xefd8b3, 0xb58863),
        ("leather", 0xedeaec, 0xc1c18f),
        ("purple-diag", 0x9f90b0, 0x7d4a8d),
        ("blue-marble", 0xdbe3e8, 0x8da3ad),
        ("green-plastic", 0xfdfddb, 0x86a666),
        ("canvas", 0xdbe3e8, 0x8da3ad),
        ("maple", 0xefd8b3, 0xb58863),
        ("horsey", 0xefd8b3, 0xb58863),
    ];
    for (theme, light, dark) in seen {
        let (_, link) = read(&format!("/image.gif?fen=8/8/8/8/8/8/8/8&theme={theme}")).unwrap();
        let board = parse_link(&link.ffen, link.dialect).unwrap();
        let image = crate::draw::render::render_image(&board, &link.options);
        // An empty board: its two commonest colours are its squares'.
        let mut counts = std::collections::HashMap::<u32, usize>::new();
        for &p in &image.pixels {
            *counts.entry(p & 0xFF_FFFF).or_default() += 1;
        }
        let mut commonest: Vec<(u32, usize)> = counts.into_iter().collect();
        commonest.sort_by_key(|&(colour, n)| (std::cmp::Reverse(n), colour));
        let channels = |c: u32| [c >> 16, (c >> 8) & 0xFF, c & 0xFF].map(|v| v as i64);
        let near = |a: u32, b: u32| channels(a).iter().zip(channels(b)).all(|(x, y)| (x - y).abs() <= 3);
        let (x, y) = (commonest[0].0, commonest[1].0);
        let matched = near(x, light) && near(y, dark) || near(x, dark) && near(y, light);
        assert!(matched, "{theme}: ours {x:06x} and {y:06x}, lila-gif's {light:06x} and {dark:06x}");
    }
}
