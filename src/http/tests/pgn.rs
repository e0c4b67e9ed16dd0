//! SAN in `moves=` and `pgn=` on the picture routes: keys (coordinates whatever the spelling), the start a PGN
//! brings, refusals naming the move.

use super::*;

fn key(query: &str) -> String {
    job(&get("/diagram.gif", Some(query))).key().as_str().to_string()
}

fn message(query: &str) -> String {
    let r = respond(&get("/diagram.png", Some(query)));
    assert_eq!(r.status, 400, "{query}");
    String::from_utf8(r.body).unwrap()
}

#[test]
fn san_pgn_and_coordinates_share_a_key() {
    let want = format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\nd1000 e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 0-0\ngif");
    for query in [
        format!("ffen={START}&moves=e2e4+e7e5+g1f3+b8c6+f1b5+a7a6+0-0"),
        format!("ffen={START}&moves=1.+e4+e5+2.Nf3+Nc6+3.Bb5+a6+4.O-O"),
        "pgn=1.+e4+e5+2.+Nf3+Nc6+3.+Bb5+a6+4.+O-O".to_string(),
        "pgn=%5BWhite+%22A%22%5D%0A%0A1.+e4+%7B+%5B%25clk+0%3A03%3A00%5D+%7D+1...+e5+%2410+2.+Nf3+(2.+f4)+Nc6+3.+Bb5+a6+4.+O-O+1-0"
            .to_string(),
        format!("ffen={START}&pgn=1.+e4+e5+2.+Nf3+Nc6+3.+Bb5+a6+4.+O-O"),
    ] {
        assert_eq!(key(&query), want, "{query}");
    }
    // A FEN tag is the start: Black to move, its castling field honoured.
    let tagged =
        "pgn=%5BSetUp+%221%22%5D%5BFEN+%22r3k2r%2F8%2F8%2F8%2F8%2F8%2F8%2FR3K2R+b+Qk+-+0+1%22%5D+1...+O-O+2.+O-O-O";
    assert!(key(tagged).contains("\nd1000 1...0-0 0-0-0\n"), "{}", key(tagged));
    let refused = "pgn=%5BFEN+%22r3k2r%2F8%2F8%2F8%2F8%2F8%2F8%2FR3K2R+b+Kk+-+0+1%22%5D+1...+O-O-O";
    assert!(message(refused).contains("move 1, O-O-O: cannot castle (O-O-O): the position does not allow it"));
}

#[test]
fn a_bad_san_or_pgn_is_a_400_naming_the_move() {
    let m = message(&format!("ffen={START}&moves=1.e4+e5+2.Nf4"));
    assert!(m.contains("move 3, Nf4: no knight can reach f4"), "{m}");
    let m = message("pgn=1.+Nf3+a6+2.+d3+a5+3.+Nd2");
    assert!(m.contains("move 5, Nd2: ambiguous (Nbd2 or Nfd2)"), "{m}");
    let m = message("pgn=1.+e4+%7B+open");
    assert!(m.contains("a comment without its }"), "{m}");
    // Without ffen or pgn the position is still required.
    assert_eq!(respond(&get("/diagram.png", Some("moves=e4"))).status, 400);
}

#[test]
fn a_pgn_with_glyphs_links_to_itself() {
    for query in [
        "pgn=1.+e4+e5+2.+Nf3%21+Nc6+%244+3.+Bb5%3F%21".to_string(),
        "pgn=%5BSetUp+%221%22%5D%5BFEN+%22r3k2r%2F8%2F8%2F8%2F8%2F8%2F8%2FR3K2R+b+Qk+-+0+1%22%5D+1...+O-O%21%21+2.+O-O-O+%247"
            .to_string(),
        format!("ffen={START}&pgn=1.+e4+%247+e5+%2422"),
    ] {
        let job = job(&get("/diagram.png", Some(&query)));
        assert!(job.key().as_str().contains(" glyphs:"), "{query}: {}", job.key().as_str());
        let link = job.modern_link();
        assert!(link.contains("&pgn=") && !link.contains("moves="), "{link}");
        let (path, back) = link.split_once('?').unwrap();
        assert_eq!(super::job(&get(path, Some(back))).key(), job.key(), "{link}");
    }
}
