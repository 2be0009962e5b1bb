#include "memory/MemoryDocument.h"

#include "core/FileSafety.h"
#include "core/Utf8.h"
#include "memory/ItemJson.h"
#include "storage/FactStore.h"

#include <QHash>
#include <QPair>

#include <set>

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

Status checkBytes(const QByteArray& bytes)
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
    return {};
}

// Turns each element of the item arrays into its struct as soon as the parser has read it, and
// drops its JSON: the whole tree of a large file is never held at once (it took about six times
// the file's size), only the items, as the document will hold them anyway. What is left of the
// tree is the header and the emptied arrays.
class ItemReader final
{
public:
    explicit ItemReader(MemoryDocument& doc)
        : m_doc(doc)
    {}

    // nlohmann's parser callback: false drops the value just read.
    bool operator()(int depth, Json::parse_event_t event, Json& parsed)
    {
        using Event = Json::parse_event_t;
        if (depth == 1) {
            if (event == Event::key) {
                m_key = parsed.get<std::string>();
                if (!m_seenKeys.insert(m_key).second && m_error.isEmpty() && isItemArray(m_key))
                    m_error = QString::fromStdString(m_key) + QStringLiteral(": appears twice");
            } else if (event == Event::array_start) {
                m_inArray = isItemArray(m_key);
                m_index = 0;
            } else if (event == Event::array_end) {
                m_inArray = false;
            }
            return true;
        }
        const bool element = depth == 2 && m_inArray &&
                             (event == Event::object_end || event == Event::array_end || event == Event::value);
        if (!element)
            return true;
        if (m_error.isEmpty())
            take(parsed);
        ++m_index;
        return false;
    }

    // The first item that could not be read, with its place; empty when all could.
    const QString& error() const { return m_error; }

private:
    static bool isItemArray(const std::string& key)
    {
        return key == "conversations" || key == "working" || key == "episodes" || key == "facts" || key == "events";
    }

    template <typename T>
    void add(const Json& j, Result<T> (*parse)(const Json&, const QString&), QList<T>& out)
    {
        auto item = parse(j, QStringLiteral("%1[%2]").arg(QString::fromStdString(m_key)).arg(m_index));
        if (!item)
            m_error = item.errorMessage();
        else
            out.append(std::move(item).value());
    }

    void take(const Json& j)
    {
        if (m_key == "conversations")
            add(j, &itemjson::conversationFromJson, m_doc.conversations);
        else if (m_key == "working")
            add(j, &itemjson::messageFromJson, m_doc.messages);
        else if (m_key == "episodes")
            add(j, &itemjson::episodeFromJson, m_doc.episodes);
        else if (m_key == "facts")
            add(j, &itemjson::factFromJson, m_doc.facts);
        else
            add(j, &itemjson::eventFromJson, m_doc.events);
    }

    MemoryDocument& m_doc;
    std::string m_key;                // the member of the top-level object being read
    std::set<std::string> m_seenKeys; // the top-level members read so far
    bool m_inArray{};                 // inside the array of items of m_key
    std::size_t m_index{};            // of the element in that array
    QString m_error;
};

// Parses the whole file, reading the items into `doc` as they come (ItemReader). Returns the
// top-level object without the items.
Result<Json> parseJson(const QByteArray& bytes, MemoryDocument& doc, QString& itemError)
{
    if (auto st = checkBytes(bytes); !st)
        return st.error();
    ItemReader reader(doc);
    try {
        Json top = Json::parse(bytes.constData(), bytes.constData() + bytes.size(),
                               [&reader](int depth, Json::parse_event_t event, Json& parsed) {
                                   return reader(depth, event, parsed);
                               });
        itemError = reader.error();
        return top;
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

// The item arrays were read by ItemReader; what is left of them must have been arrays.
Status checkArrays(const Json& j)
{
    for (const char* key : {"conversations", "working", "episodes", "facts", "events"}) {
        const auto it = j.find(key);
        if (it != j.end() && !it->is_null() && !it->is_array())
            return Error::invalid(QString::fromLatin1(key) + QStringLiteral(": must be an array"));
    }
    return {};
}

// Gives every item without an id a new one and refuses an id that appears twice. The place of
// each id is kept as (array name, index), not as a string per item.
class IdCheck final
{
public:
    Status add(QString& id, const char* array, qsizetype index)
    {
        if (id.isEmpty()) {
            id = newId();
            return {};
        }
        const auto it = m_seen.constFind(id);
        if (it != m_seen.constEnd())
            return Error::invalid(QStringLiteral("%1[%2].id: \"%3\" appears twice (also at %4[%5].id)")
                                      .arg(QLatin1String(array))
                                      .arg(index)
                                      .arg(id, QLatin1String(it->first))
                                      .arg(it->second));
        m_seen.insert(id, {array, index});
        return {};
    }

private:
    QHash<QString, std::pair<const char*, qsizetype>> m_seen;
};

template <typename T>
Status assignIds(QList<T>& items, const char* array, IdCheck& check)
{
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (auto st = check.add(items[i].id, array, i); !st)
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
    return fromOwnBytes(QByteArray(raw)); // a shallow copy: the caller's bytes stay theirs
}

Result<MemoryDocument> MemoryDocument::fromOwnBytes(QByteArray raw)
{
    MemoryDocument doc;
    QString itemError;
    Result<Json> j = Json();
    {
        // A byte-order mark is allowed at the start of UTF-8 text; JSON itself does not want it.
        // The rest is read in place, not copied.
        const QByteArray bytes = raw.startsWith("\xEF\xBB\xBF")
                                     ? QByteArray::fromRawData(raw.constData() + 3, raw.size() - 3)
                                     : raw;
        j = parseJson(bytes, doc, itemError);
    }
    // Read: when these bytes were the only copy (a file), they are freed before the checks.
    raw = QByteArray();
    if (!j)
        return j.error();
    if (auto st = checkHeader(*j, doc); !st)
        return st.error();
    Status st = checkArrays(*j);
    if (st && !itemError.isEmpty())
        st = Error::invalid(itemError);
    // Items of every tier share one id space (the app finds an item by its id in any tier);
    // conversations and events have their own.
    IdCheck items;
    IdCheck conversations;
    IdCheck events;
    if (st)
        st = assignIds(doc.conversations, "conversations", conversations);
    if (st)
        st = assignIds(doc.messages, "working", items);
    if (st)
        st = assignIds(doc.episodes, "episodes", items);
    if (st)
        st = assignIds(doc.facts, "facts", items);
    if (st)
        st = assignIds(doc.events, "events", events);
    if (st)
        st = checkFacts(doc.facts);
    if (!st)
        return st.error();
    return doc;
}

Result<MemoryDocument> MemoryDocument::fromFile(const QString& path)
{
    // Only a regular file, and not a larger one: a FIFO or a device is refused, not waited on.
    auto bytes = files::readRegularFile(path, kMaxBytes);
    if (!bytes)
        return bytes.error();
    return fromOwnBytes(std::move(bytes).value());
}

} // namespace engram
