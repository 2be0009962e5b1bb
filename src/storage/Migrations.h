#pragma once

#include <QStringList>
#include <vector>

namespace engram {

// Numbered schema migrations. Migration N (1-based) brings a database from user_version N-1
// to N; each runs in one transaction. Never edit a released migration: add a new one.
const std::vector<QStringList>& schemaMigrations();

} // namespace engram
