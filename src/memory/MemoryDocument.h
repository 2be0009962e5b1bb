#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QByteArray>
#include <QList>

namespace engram {

// One user's memory in the engram-memory export format (docs/EXPORT_FORMAT.md): filled by the
// Exporter from the stores, or read from outside bytes and validated as a whole for the Importer.
struct MemoryDocument
{
    static constexpr const char* kFormat = "engram-memory";
    static constexpr int kVersion = 1;
    // Hostile-file guards: the largest file read, and the deepest nesting of arrays and objects.
    // (A text field's limit is itemjson::kMaxFieldChars.)
    static constexpr qint64 kMaxBytes = 512LL * 1024 * 1024;
    static constexpr int kMaxDepth = 64;

    QDateTime exportedAt;
    User user;
    QList<Conversation> conversations;
    QList<Message> messages; // "working": the transcript, each message with its window state
    QList<Episode> episodes;
    QList<Fact> facts; // every version: active, pending, superseded, rejected
    QList<Event> events;

    Json toJson() const;
    // Indented UTF-8 JSON with a final newline.
    QByteArray toBytes() const;

    // Reads a whole document and validates all of it before anyone writes: UTF-8, JSON syntax,
    // nesting depth, format and version, every field of every item (ids in their canonical
    // form, no NUL, text within its limit), duplicate ids, one current value per fact key. The
    // first problem is returned with its path, e.g. "episodes[12].created_at: not an ISO-8601
    // time". Missing ids are generated; missing times stay invalid for the importer to fill in.
    // Items are read into their structs as they are parsed: the JSON of the whole document is
    // never held at once.
    static Result<MemoryDocument> fromBytes(const QByteArray& bytes);
    // The same from a regular file (a FIFO or a device is refused, not waited on), refusing
    // files larger than kMaxBytes before reading them.
    static Result<MemoryDocument> fromFile(const QString& path);

private:
    // fromBytes on bytes it may free as soon as they are parsed.
    static Result<MemoryDocument> fromOwnBytes(QByteArray bytes);
};

} // namespace engram
