//! Paper B's stand-in collection written out as a user's collection: `labels.tsv` (wide, a header
//! naming the three assessors) and `runs/<run>` (TREC runs), the files `evia-repro study` reads, and
//! paper B's qrels versions as `study`'s `--version` specifications. `study` on these files computes
//! the cells `reproduce` computes for B.T1–B.F2 (the integration tests compare the two through the
//! binary, so the general path and the paper's cannot drift apart).

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use crate::manifest::Manifest;
use crate::papers::lancers::definitions::{evaluation_defs, qrels_version_defs};
use crate::papers::lancers::eval::collection;
use crate::papers::lancers::params::{LevelCountsParams, QrelsEvalParams};
use crate::papers::lancers::standin::ASSESSORS;
use crate::papers::{Context, load_manifest};
use crate::sources::MANIFEST;

/// Writes paper B's stand-in collection, as the project at `root` generates it (its manifest's seed
/// and B.T3's parameters), into the existing directory `dir`: `labels.tsv` and `runs/`. Returns the
/// `--version` specifications of paper B's qrels versions in B.T2's order (`all3=lancer1,…`).
pub fn write_paper_b_standin(root: &Path, dir: &Path) -> io::Result<Vec<String>> {
    let manifest = load_manifest(&root.join(MANIFEST)).map_err(io::Error::other)?;
    let context = Context::new(root, manifest.seed);
    write_standin(&manifest, &context, dir)?;
    version_specs(&manifest, &context)
}

/// Writes the stand-in collection of `manifest`'s B.T3 into `dir` (module documentation): the
/// labels in the order of paper B's assessors, each run's documents with scores decreasing with the
/// rank.
pub(crate) fn write_standin(manifest: &Manifest, context: &Context, dir: &Path) -> io::Result<()> {
    let artefact = manifest
        .artefact("B.T3")
        .ok_or_else(|| io::Error::other("the manifest has no B.T3"))?;
    let params = (artefact.parameters.get::<QrelsEvalParams>())
        .ok_or_else(|| io::Error::other("B.T3 is not lancers.qrels_rank_correlation"))?;
    let (_, runs) = evaluation_defs(context, &params.evaluation).map_err(io::Error::other)?;
    let standin =
        collection(artefact, &params.inputs(), context, runs.as_ref()).map_err(io::Error::other)?;
    let mut labels = format!("topic\tdoc\t{}\n", ASSESSORS.join("\t"));
    for topic in &standin.topics {
        for doc in &topic.docs {
            let row: Vec<String> = doc.labels.iter().map(u8::to_string).collect();
            let _ = writeln!(labels, "{}\t{}\t{}", topic.id, doc.doc, row.join("\t"));
        }
    }
    std::fs::write(dir.join("labels.tsv"), labels)?;
    std::fs::create_dir(dir.join("runs"))?;
    for run in &standin.runs {
        let mut text = String::new();
        for (topic, list) in standin.topics.iter().zip(&run.lists) {
            for (rank, doc) in list.iter().enumerate() {
                let score = list.len() - rank;
                let _ = writeln!(
                    text,
                    "{} Q0 {doc} {} {score} {}",
                    topic.id,
                    rank + 1,
                    run.name
                );
            }
        }
        std::fs::write(dir.join("runs").join(&run.name), text)?;
    }
    Ok(())
}

/// `--version` specifications of paper B's qrels versions, in B.T2's order (`all3=lancer1,…`).
pub(crate) fn version_specs(manifest: &Manifest, context: &Context) -> io::Result<Vec<String>> {
    let t2 = manifest
        .artefact("B.T2")
        .and_then(|a| a.parameters.get::<LevelCountsParams>())
        .ok_or_else(|| io::Error::other("the manifest has no B.T2 of lancers.level_counts"))?;
    let (defs, _) = qrels_version_defs(context, &t2.qrels_versions).map_err(io::Error::other)?;
    t2.qrels
        .iter()
        .map(|id| {
            let def = defs
                .iter()
                .find(|d| &d.id == id)
                .ok_or_else(|| io::Error::other(format!("B.T2 lists no qrels version {id}")))?;
            Ok(format!("{id}={}", def.assessors.join(",")))
        })
        .collect()
}
