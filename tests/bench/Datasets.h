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
    QString said;         // the text without its speaker tag, as it reads in a running dialogue
};

struct BenchQuestion
{
    QString text;
    QDateTime time;       // when it is asked; invalid when the data set does not say
    QString group;        // question type or category, for the per-group tables
    QSet<QString> keys;   // the evidence: keys of items that answer it (only keys present in the store)
    QSet<QString> groups; // the conversations (sessions) of the evidence
    // Conversational form: the running dialogue that is the query, oldest first (its last message
    // is the user's latest). Empty: `text` is a question.
    QStringList dialogue;
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

// The conversational form of a store's questions (issue 14): the query is not the question but
// the dialogue around its evidence, what was being talked about when the evidence came up. For
// each question, up to `turns` messages of the first evidence's conversation nearest before it
// (after it when none precede), without the evidence itself, become the dialogue, oldest first;
// they leave the store, since they are being said and are not yet remembered. One store per
// question; a question whose conversation holds nothing but evidence is dropped.
QList<BenchStore> conversationalStores(const BenchStore& store, int turns);

// The order MemDaily type names are reported in.
QStringList memDailyTypes();

} // namespace engram::bench
