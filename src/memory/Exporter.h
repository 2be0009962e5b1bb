#pragma once

#include "core/Result.h"
#include "memory/MemoryDocument.h"

class QIODevice;

namespace engram {

struct MemoryContext;

// What an export wrote.
struct ExportReport
{
    QString path; // empty when written to a device such as standard output
    int conversations{};
    int messages{};
    int episodes{};
    int facts{};
    int events{};
    qint64 bytes{};
    int items() const { return messages + episodes + facts; }
};

// Writes one user's whole memory (every tier, every fact version, the item history) as an
// engram-memory document, and logs an "export" event.
class Exporter final
{
public:
    explicit Exporter(MemoryContext& ctx);

    // The user's memory as a document. Memory-wide events (export, import, clear) describe this
    // installation, not the items, and stay out of it.
    Result<MemoryDocument> collect(const QString& userId) const;
    Result<ExportReport> write(const QString& userId, QIODevice& device);
    // Writes the file atomically: a failed export never leaves half a file behind.
    Result<ExportReport> writeFile(const QString& userId, const QString& path);

private:
    Result<ExportReport> writeBytes(const QString& userId, QIODevice& device, const QString& path);
    Status logExport(const QString& userId, const ExportReport& report);

    MemoryContext& m_ctx;
};

} // namespace engram
