#include "memory/Exporter.h"

#include "core/FileSafety.h"
#include "memory/MemoryContext.h"

#include <QFileInfo>

#include <algorithm>

namespace engram {
namespace {

const QString kMemoryEvents = QStringLiteral("memory");

template <typename T>
void sortByCreation(QList<T>& items)
{
    std::stable_sort(items.begin(), items.end(), [](const T& a, const T& b) {
        if (a.createdAt != b.createdAt)
            return a.createdAt < b.createdAt;
        return a.id < b.id;
    });
}

} // namespace

Exporter::Exporter(MemoryContext& ctx)
    : m_ctx(ctx)
{}

Result<MemoryDocument> Exporter::collect(const QString& userId) const
{
    MemoryDocument doc;
    doc.exportedAt = m_ctx.clock.now();
    auto user = m_ctx.users.find(userId);
    if (!user)
        return user.error();
    doc.user = *user;

    auto conversations = m_ctx.users.conversations(userId);
    if (!conversations)
        return conversations.error();
    doc.conversations = *conversations;
    sortByCreation(doc.conversations);
    for (const Conversation& c : std::as_const(doc.conversations)) {
        auto messages = m_ctx.messages.conversation(userId, c.id);
        if (!messages)
            return messages.error();
        doc.messages += *messages;
    }

    EpisodeFilter everyEpisode;
    everyEpisode.status = std::nullopt;
    everyEpisode.newestFirst = false;
    auto episodes = m_ctx.episodes.list(userId, everyEpisode);
    if (!episodes)
        return episodes.error();
    doc.episodes = *episodes;

    FactFilter everyFact;
    everyFact.statuses.clear();
    auto facts = m_ctx.facts.list(userId, everyFact);
    if (!facts)
        return facts.error();
    doc.facts = *facts;
    sortByCreation(doc.facts);

    auto events = m_ctx.events.forUser(userId);
    if (!events)
        return events.error();
    for (const Event& e : std::as_const(*events)) {
        if (e.itemType != kMemoryEvents)
            doc.events.append(e);
    }
    return doc;
}

Result<ExportReport> Exporter::writeBytes(const QString& userId, QIODevice& device, const QString& path)
{
    auto doc = collect(userId);
    if (!doc)
        return doc.error();
    const QByteArray bytes = doc->toBytes();
    if (device.write(bytes) != bytes.size())
        return Error{Error::Code::Io, QStringLiteral("Cannot write the export: %1").arg(device.errorString())};

    ExportReport report;
    report.path = path;
    report.conversations = static_cast<int>(doc->conversations.size());
    report.messages = static_cast<int>(doc->messages.size());
    report.episodes = static_cast<int>(doc->episodes.size());
    report.facts = static_cast<int>(doc->facts.size());
    report.events = static_cast<int>(doc->events.size());
    report.bytes = bytes.size();
    return report;
}

Status Exporter::logExport(const QString& userId, const ExportReport& report)
{
    // A read-only memory is exported as it is: the history cannot, and need not, grow.
    if (m_ctx.db.readOnly())
        return {};
    Json after = Json::object();
    after["items"] = report.items();
    if (!report.path.isEmpty())
        after["file"] = QFileInfo(report.path).fileName().toStdString();
    return m_ctx.record(userId, QString(), kMemoryEvents, QStringLiteral("export"), Actor::User, nullptr, after);
}

Result<ExportReport> Exporter::write(const QString& userId, QIODevice& device)
{
    auto report = writeBytes(userId, device, QString());
    if (!report)
        return report;
    if (auto st = logExport(userId, *report); !st)
        return st.error();
    return report;
}

Result<ExportReport> Exporter::writeFile(const QString& userId, const QString& path)
{
    // Written to the end, synced and checked before it replaces anything: a full disk gives an
    // error and leaves the previous file, never a short one reported as an export.
    std::optional<ExportReport> report;
    auto written = files::writeAtomically(path, [&](QIODevice& device) -> Status {
        auto r = writeBytes(userId, device, QFileInfo(path).absoluteFilePath());
        if (!r)
            return r.error();
        report = *r;
        return {};
    });
    if (!written)
        return written.error();
    if (auto st = logExport(userId, *report); !st)
        return st.error();
    return *report;
}

} // namespace engram
