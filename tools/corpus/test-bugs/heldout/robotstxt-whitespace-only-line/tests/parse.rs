//! Checks URLs against a big robots.txt of an online shop (groups of user-agent lines and
//! Allow/Disallow rules with wildcards, comments, sitemaps) with robotstxt 0.2.0.

#[test]
fn matches_big_robots_txt() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.txt");
    let body = std::fs::read_to_string(path).unwrap_or_default();
    let mut allowed = 0usize;
    for agent in ["Googlebot", "Bingbot"] {
        for url in [
            "https://www.example-shop.com/en-gb/women/",
            "https://www.example-shop.com/de-de/kitchen/?sort=price",
        ] {
            let mut matcher = robotstxt::DefaultMatcher::default();
            if matcher.one_agent_allowed_by_robots(&body, agent, url) {
                allowed += 1;
            }
        }
    }
    std::hint::black_box(allowed);
}
