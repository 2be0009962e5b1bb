#include "memory/MemoryDocument.h"

#include "core/Utf8.h"
#include "memory/ItemJson.h"
#include "storage/FactStore.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QPair>

namespace engram {
namespace {

constexpr int kMaxFactField = 500;

// "byte 1234 (line 5, column 7)", 1-based line and column, for messages about raw bytes.
QString position(const QByteArray& bytes, qsizetype offset)
{
    const QByteArray before = bytes.left(offset);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return QStringLiteral("byte %1 (line %2, column %3)").arg(offset).arg(line).arg(column);
}

// The offset of the bracket that nests deeper than `limit`, or -1. Brackets inside strings do
// not count. Checked before parsing so a hostile file cannot exhaust the stack.
qsizetype tooDeep(const QByteArray& bytes, int limit)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char c = bytes.at(i);
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return -1;
}

Result<Json> parseJson(const QByteArray& bytes)
{
    if (bytes.size() > MemoryDocument::kMaxBytes)
        return Error::invalid(QStringLiteral("The file is larger than %1 MB, the most an import reads")
                                  .arg(MemoryDocument::kMaxBytes / (1024 * 1024)));
    if (const qsizetype bad = utf8::firstInvalidByte(bytes); bad >= 0)
        return Error::invalid(
            QStringLiteral("The file is not valid UTF-8: invalid byte 0x%1 at %2. Save it as UTF-8 and try again.")
                .arg(static_cast<uint>(static_cast<unsigned char>(bytes.at(bad))), 2, 16, QLatin1Char('0'))
                .arg(position(bytes, bad)));
    if (const qsizetype deep = tooDeep(bytes, MemoryDocument::kMaxDepth); deep >= 0)
        return Error::invalid(QStringLiteral("The file nests arrays and objects deeper than %1 levels, at %2")
                                  .arg(MemoryDocument::kMaxDepth)
                                  .arg(position(bytes, deep)));
    try {
        return Json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const Json::parse_error& e) {
        const auto offset = static_cast<qsizetype>(e.byte > 0 ? e.byte - 1 : 0);
        QString reason = QString::fromUtf8(e.what());
        if (const qsizetype colon = reason.indexOf(QLatin1String(": ")); colon >= 0)
            reason = reason.mid(colon + 2);
        return Error::invalid(
            QStringLiteral("The file is not valid JSON at %1: %2").arg(position(bytes, offset), reason));
    } catch (const Json::exception& e) {
        return Error::invalid(QStringLiteral("The file is not valid JSON: %1").arg(QString::fromUtf8(e.what())));
    }
}

// Checks the document's header: format, version, exported_at and the user.
Status checkHeader(const Json& j, MemoryDocument& doc)
{
    if (!j.is_object())
        return Error::invalid(
            QStringLiteral("The file is not an Engram memory export: its top level is not an object"));
    const auto format = j.find("format");
    if (format == j.end())
        return Error::invalid(QStringLiteral("format: is missing; this is not an Engram memory export"));
    if (!format->is_string() || format->get<std::string>() != MemoryDocument::kFormat)
        return Error::invalid(QStringLiteral("format: %1 is not an Engram memory export (expected \"%2\")")
                                  .arg(QString::fromStdString(format->dump()), QLatin1String(MemoryDocument::kFormat)));
    const auto version = j.find("version");
    if (version == j.end() || !version->is_number_integer())
        return Error::invalid(QStringLiteral("version: must be an integer"));
    if (version->get<std::int64_t>() != MemoryDocument::kVersion)
        return Error::invalid(QStringLiteral("version: unsupported version %1 (this Engram reads version %2)")
                                  .arg(version->get<std::int64_t>())
                                  .arg(MemoryDocument::kVersion));
    if (const auto at = j.find("exported_at"); at != j.end() && !at->is_null()) {
        const auto t = at->is_string() ? fromIso(QString::fromStdString(at->get<std::string>())) : std::nullopt;
        if (!t)
            return Error::invalid(QStringLiteral("exported_at: not an ISO-8601 time"));
        doc.exportedAt = *t;
    }
    if (const auto user = j.find("user"); user != j.end() && !user->is_null()) {
        auto u = itemjson::userFromJson(*user, QStringLiteral("user"));
        if (!u)
            return u.error();
        doc.user = *u;
    }
    return {};
}

template <typename T>
Status readArray(const Json& j, const char* key, Result<T> (*parse)(const Json&, const QString&), QList<T>& out)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    const QString name = QString::fromLatin1(key);
    if (!it->is_array())
        return Error::invalid(name + QStringLiteral(": must be an array"));
    out.reserve(static_cast<qsizetype>(it->size()));
    for (std::size_t i = 0; i < it->size(); ++i) {
        auto item = parse((*it)[i], QStringLiteral("%1[%2]").arg(name).arg(i));
        if (!item)
            return item.error();
        out.append(std::move(item).value());
    }
    return {};
}

// Gives every item without an id a new one and refuses an id that appears twice.
class IdCheck final
{
public:
    Status add(QString& id, const QString& path)
    {
        if (id.isEmpty()) {
            id = newId();
            return {};
        }
        const auto it = m_seen.constFind(id);
        if (it != m_seen.constEnd())
            return Error::invalid(
                QStringLiteral("%1.id: \"%2\" appears twice (also at %3.id)").arg(path, id, it.value()));
        m_seen.insert(id, path);
        return {};
    }

private:
    QHash<QString, QString> m_seen;
};

template <typename T>
Status assignIds(QList<T>& items, const QString& name, IdCheck& check)
{
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (auto st = check.add(items[i].id, QStringLiteral("%1[%2]").arg(name).arg(i)); !st)
            return st;
    }
    return {};
}

Status checkFacts(const QList<Fact>& facts)
{
    QHash<QPair<QString, QString>, qsizetype> current;
    for (qsizetype i = 0; i < facts.size(); ++i) {
        const Fact& f = facts.at(i);
        for (const auto& [name, value] :
             {std::pair{"subject", &f.subject}, std::pair{"predicate", &f.predicate}, std::pair{"object", &f.object}}) {
            if (value->size() > kMaxFactField)
                return Error::invalid(QStringLiteral("facts[%1].%2: longer than %3 characters")
                                          .arg(i)
                                          .arg(QLatin1String(name))
                                          .arg(kMaxFactField));
        }
        if (f.status != ItemStatus::Active)
            continue;
        const QPair<QString, QString> key{FactStore::normalizeKey(f.subject), FactStore::normalizeKey(f.predicate)};
        if (const auto it = current.constFind(key); it != current.constEnd())
            return Error::invalid(QStringLiteral("facts[%1]: a second active value of \"%2 %3\" (the first is "
                                                 "facts[%4]); only one value of a key can be current")
                                      .arg(i)
                                      .arg(f.subject, f.predicate)
                                      .arg(it.value()));
        current.insert(key, i);
    }
    return {};
}

} // namespace

Json MemoryDocument::toJson() const
{
    Json j = Json::object();
    j["format"] = kFormat;
    j["version"] = kVersion;
    j["exported_at"] = toIso(exportedAt).toStdString();
    j["user"] = itemjson::toJson(user);
    const auto array = [](const auto& items) {
        Json a = Json::array();
        for (const auto& item : items)
            a.push_back(itemjson::toJson(item));
        return a;
    };
    j["conversations"] = array(conversations);
    j["working"] = array(messages);
    j["episodes"] = array(episodes);
    j["facts"] = array(facts);
    j["events"] = array(events);
    return j;
}

QByteArray MemoryDocument::toBytes() const
{
    const std::string text = toJson().dump(2, ' ', false, Json::error_handler_t::replace);
    return QByteArray(text.data(), static_cast<qsizetype>(text.size())) + '\n';
}

Result<MemoryDocument> MemoryDocument::fromBytes(const QByteArray& raw)
{
    // A byte-order mark is allowed at the start of UTF-8 text; JSON itself does not want it.
    const QByteArray bytes = raw.startsWith("\xEF\xBB\xBF") ? raw.mid(3) : raw;
    auto j = parseJson(bytes);
    if (!j)
        return j.error();
    MemoryDocument doc;
    if (auto st = checkHeader(*j, doc); !st)
        return st.error();
    Status st = readArray(*j, "conversations", &itemjson::conversationFromJson, doc.conversations);
    if (st)
        st = readArray(*j, "working", &itemjson::messageFromJson, doc.messages);
    if (st)
        st = readArray(*j, "episodes", &itemjson::episodeFromJson, doc.episodes);
    if (st)
        st = readArray(*j, "facts", &itemjson::factFromJson, doc.facts);
    if (st)
        st = readArray(*j, "events", &itemjson::eventFromJson, doc.events);
    // Items of every tier share one id space (the app finds an item by its id in any tier);
    // conversations and events have their own.
    IdCheck items;
    IdCheck conversations;
    IdCheck events;
    if (st)
        st = assignIds(doc.conversations, QStringLiteral("conversations"), conversations);
    if (st)
        st = assignIds(doc.messages, QStringLiteral("working"), items);
    if (st)
        st = assignIds(doc.episodes, QStringLiteral("episodes"), items);
    if (st)
        st = assignIds(doc.facts, QStringLiteral("facts"), items);
    if (st)
        st = assignIds(doc.events, QStringLiteral("events"), events);
    if (st)
        st = checkFacts(doc.facts);
    if (!st)
        return st.error();
    return doc;
}

Result<MemoryDocument> MemoryDocument::fromFile(const QString& path)
{
    QFile file(path);
    if (!file.exists())
        return Error::notFound(QStringLiteral("There is no file %1").arg(path));
    if (QFileInfo(path).isDir())
        return Error::invalid(QStringLiteral("%1 is a folder, not an export file").arg(path));
    if (file.size() > kMaxBytes)
        return Error::invalid(QStringLiteral("%1 is %2 MB; an import reads at most %3 MB")
                                  .arg(path)
                                  .arg(file.size() / (1024 * 1024))
                                  .arg(kMaxBytes / (1024 * 1024)));
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Code::Io, QStringLiteral("Cannot read %1: %2").arg(path, file.errorString())};
    // Read one byte past the limit: a file that grows while it is read is still caught.
    const QByteArray bytes = file.read(kMaxBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return Error{Error::Code::Io, QStringLiteral("Cannot read %1: %2").arg(path, file.errorString())};
    return fromBytes(bytes);
}

} // namespace engram
