#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QSet>
#include <QString>

// Loaders for the public retrieval data sets in ../shared/data, read at run time (never copied
// into the repository): MemDaily (Chinese) and REALTALK (English).
namespace engram::bench {

// One remembered message of a store, in the order it was said.
struct BenchItem
{
    QString key;          // the data set's id of the message, unique within the store
    QString text;         // what is stored as the episode's content
    QDateTime time;       // when it was said (UTC)
    QString conversation; // trajectory or session: episodes of one conversation share it
};

struct BenchQuestion
{
    QString text;
    QDateTime time;       // when it is asked; invalid when the data set does not say
    QString group;        // question type or category, for the per-group tables
    QSet<QString> keys;   // the evidence: keys of items that answer it (only keys present in the store)
    QSet<QString> groups; // the conversations (sessions) of the evidence
};

// The memory of one user and the questions asked of it.
struct BenchStore
{
    QString name;
    QList<BenchItem> items; // sorted by time
    QList<BenchQuestion> questions;
};

// MemDaily: one store per trajectory, padded with the messages of trajectories of other question
// types, `padFactor` times as many as its own, chosen deterministically. With `sampleEvery` > 1
// only every n-th trajectory of each file is kept (a quicker run).
Result<QList<BenchStore>> loadMemDaily(const QString& dir, int padFactor, int sampleEvery = 1);

// REALTALK: one store per chat; every turn is an item "speaker: text" in its session ("D<n>").
// Evidence ids missing from the chat are skipped; questions left without evidence are dropped.
Result<QList<BenchStore>> loadRealtalk(const QString& dir);

// The same chat with one item per session (its turns, one per line), and the questions' evidence
// turned into their sessions: retrieval of whole sessions.
BenchStore sessionsOf(const BenchStore& turns);

// The order MemDaily type names are reported in.
QStringList memDailyTypes();

} // namespace engram::bench
