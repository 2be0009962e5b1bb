#include "llm/ExtractionParser.h"

#include "llm/JsonReply.h"

#include <QLoggingCategory>

#include <optional>

namespace engram {
namespace {

Q_LOGGING_CATEGORY(lcExtraction, "engram.llm")

// Collects the reasons entries were left out.
class Problems final
{
public:
    explicit Problems(ParsedOperations& parsed)
        : m_parsed(parsed)
    {}
    void drop(const QString& where, const QString& why)
    {
        ++m_parsed.dropped;
        m_parsed.problems.append(where + QStringLiteral(": ") + why);
    }

private:
    ParsedOperations& m_parsed;
};

// A required text field, trimmed and on one line; nothing when missing, not a string, empty or too long.
std::optional<QString> textField(const Json& entry, const char* key, QString* why)
{
    const QString name = QString::fromLatin1(key);
    const auto it = entry.find(key);
    if (it == entry.end() || it->is_null()) {
        *why = name + QStringLiteral(" is missing");
        return std::nullopt;
    }
    if (!it->is_string()) {
        *why = name + QStringLiteral(" is not a string");
        return std::nullopt;
    }
    const QString text = QString::fromStdString(it->get<std::string>()).simplified();
    if (text.isEmpty()) {
        *why = name + QStringLiteral(" is empty");
        return std::nullopt;
    }
    if (text.size() > ExtractionParser::kMaxFieldLength) {
        *why = QStringLiteral("%1 is longer than %2 characters").arg(name).arg(ExtractionParser::kMaxFieldLength);
        return std::nullopt;
    }
    return text;
}

std::optional<double> confidenceField(const Json& entry, QString* why)
{
    const auto it = entry.find("confidence");
    if (it == entry.end() || it->is_null())
        return ExtractionParser::kDefaultConfidence;
    // is_number() is false for booleans: `true` is not a confidence.
    if (!it->is_number()) {
        *why = QStringLiteral("confidence is not a number");
        return std::nullopt;
    }
    const double value = it->get<double>();
    if (!(value >= 0.0 && value <= 1.0)) {
        *why = QStringLiteral("confidence %1 is outside 0..1").arg(value);
        return std::nullopt;
    }
    return value;
}

std::optional<FactCandidate> readCandidate(const Json& entry, QString* why)
{
    if (!entry.is_object()) {
        *why = QStringLiteral("not an object");
        return std::nullopt;
    }
    const auto subject = textField(entry, "subject", why);
    const auto predicate = subject ? textField(entry, "predicate", why) : std::nullopt;
    const auto object = predicate ? textField(entry, "object", why) : std::nullopt;
    const auto confidence = object ? confidenceField(entry, why) : std::nullopt;
    if (!confidence)
        return std::nullopt;
    return FactCandidate{canonicalSubject(*subject), canonicalPredicate(*predicate), *object, *confidence};
}

std::optional<FactDelete> readDelete(const Json& entry, QString* why)
{
    if (!entry.is_object()) {
        *why = QStringLiteral("not an object");
        return std::nullopt;
    }
    const auto subject = textField(entry, "subject", why);
    const auto predicate = subject ? textField(entry, "predicate", why) : std::nullopt;
    if (!predicate)
        return std::nullopt;
    return FactDelete{canonicalSubject(*subject), canonicalPredicate(*predicate)};
}

// The list under `key`: absent or null is an empty list; any other non-array is dropped whole.
template <typename T, typename Reader>
void readList(const Json& root, const char* key, Reader read, QList<T>& into, Problems& problems)
{
    const auto it = root.find(key);
    if (it == root.end() || it->is_null())
        return;
    const QString name = QString::fromLatin1(key);
    if (!it->is_array()) {
        problems.drop(name, QStringLiteral("is not a list"));
        return;
    }
    for (std::size_t i = 0; i < it->size(); ++i) {
        QString why;
        if (auto value = read((*it)[i], &why)) {
            if (!into.contains(*value))
                into.append(*value);
        } else {
            problems.drop(QStringLiteral("%1[%2]").arg(name).arg(i), why);
        }
    }
}

} // namespace

Result<ParsedOperations> ExtractionParser::parse(const QString& reply)
{
    // An array alone is read as the list of facts: some models leave out the wrapping object.
    const std::optional<Json> found = JsonReply::find(reply, true);
    if (!found) {
        qCWarning(lcExtraction) << "extraction reply holds no readable JSON;" << reply.size() << "characters";
        return Error::invalid(QStringLiteral("The model's extraction reply holds no readable JSON object; "
                                             "nothing was stored from it."));
    }
    Json root = *found;
    if (root.is_array())
        root = Json{{"facts", root}};
    if (!root.empty() && !root.contains("facts") && !root.contains("updates") && !root.contains("deletes")) {
        qCWarning(lcExtraction) << "extraction reply has none of facts, updates, deletes";
        return Error::invalid(QStringLiteral("The model's extraction reply has none of \"facts\", \"updates\" or "
                                             "\"deletes\"; nothing was stored from it."));
    }
    ParsedOperations parsed;
    Problems problems(parsed);
    try {
        readList(root, "facts", readCandidate, parsed.operations.facts, problems);
        readList(root, "updates", readCandidate, parsed.operations.updates, problems);
        readList(root, "deletes", readDelete, parsed.operations.deletes, problems);
    } catch (const nlohmann::json::exception& e) {
        // Checked access above should make this unreachable; a bug must still not change memory.
        return Error::invalid(
            QStringLiteral("The model's extraction reply could not be read: %1").arg(QString::fromUtf8(e.what())));
    }
    if (parsed.dropped > 0)
        qCInfo(lcExtraction) << "extraction reply: dropped" << parsed.dropped << "invalid entries";
    return parsed;
}

} // namespace engram
