#pragma once

#include <QStringList>

#include <vector>

namespace engram {

// The PostgreSQL schema as numbered migrations, the counterpart of schemaMigrations() for SQLite:
// migration N brings a database from version N-1 (engram_meta's schema_version) to N in one
// transaction. Version 1 is SQLite's schema 9 as a whole. Never edit a released migration.
const std::vector<QStringList>& serverMigrations();

} // namespace engram
