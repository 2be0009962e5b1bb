#pragma once

#include <QStringList>
#include <vector>

namespace engram {

// Numbered schema migrations. Migration N (1-based) brings a database from user_version N-1
// to N; each runs in one transaction. Never edit a released migration: add a new one. A migration
// may call engram_search_text(text), the search tokens of `text` by this build's SearchTokenizer,
// which Database adds to every connection.
const std::vector<QStringList>& schemaMigrations();

// The SQL expression of what an episode's search_context holds (from version 5): the search
// tokens of the active exchanges just before and after it in its conversation; empty for a
// summary, an exchange of no conversation or one that is not active. `row` names the episode.
QString episodeContextExpression(const QString& row);
// What of a neighbour's search tokens `body` goes into an exchange's context.
QString neighbourText(const QString& body);

} // namespace engram
