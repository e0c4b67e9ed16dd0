//! `ffen-render`: renders an FFEN diagram to a PNG file on the host (being written by the renderer work).
fn main() {
    eprintln!("ffen-render: not written yet");
    std::process::exit(2);
}
