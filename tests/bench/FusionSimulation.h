#pragma once

#include "BenchSupport.h"

// Fusion with a simulated embedding ranking (issue 14): no embedding model is reachable here, so
// the cosine of each stored item to a question is drawn at random, the evidence's shifted up by
// a chosen separation, and the product's fusion (RankFusion with MemoryConfig's weights, as
// RetrieverVectors fuses) is measured against each ranking alone for each separation.
namespace engram::bench {

void runFusionSimulation(const BenchOptions& options, const QString& templatePath, const QString& dir, Report& report);

} // namespace engram::bench
