#pragma once

#include <QStringList>
#include <vector>

namespace engram {

// Numbered schema migrations. Migration N (1-based) brings a database from user_version N-1
// to N; each runs in one transaction. Never edit a released migration: add a new one. A migration
// may call engram_search_text(text), the search tokens of `text` by this build's SearchTokenizer,
// which Database adds to every connection.
const std::vector<QStringList>& schemaMigrations();

// Which episodes hold their neighbours' words in search_context. Until version 10 (a server's 6)
// every exchange of a conversation did, an archived one too, and the released migrations that
// wrote it keep saying so; from then on only an active one: an archived exchange is indexed by
// its own words alone, so no word of a neighbour archived or deleted after it can stay behind in
// it, and its context is made anew when it is restored.
enum class ContextHolders
{
    AnyExchange,
    ActiveExchanges
};

// The SQL expression of what an episode's search_context holds (from version 5): the search
// tokens of the active exchanges just before and after it in its conversation; empty for a
// summary, an exchange of no conversation or (from version 10) one that is not active. `row`
// names the episode.
QString episodeContextExpression(const QString& row, ContextHolders holders = ContextHolders::ActiveExchanges);
// What of a neighbour's search tokens `body` goes into an exchange's context.
QString neighbourText(const QString& body);

} // namespace engram
