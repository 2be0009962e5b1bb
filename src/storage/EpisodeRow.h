#pragma once

#include "core/MemoryTypes.h"

#include <QSqlQuery>
#include <QString>

// How an episode is read from a row of `episodes e`: the columns to select (16 of them, first
// in the select list) and the Episode they make. Shared by EpisodeStore and EpisodeIndex.
namespace engram::episoderow {

const QString& columns();
// The same columns with NULL for the content, the reply and the metadata: what ranking needs.
const QString& rankingColumns();
Episode read(const QSqlQuery& query);
constexpr int kColumnCount = 17;

} // namespace engram::episoderow
