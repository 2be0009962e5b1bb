#include "storage/JsonText.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcStorage)

namespace engram::jsontext {

QString dump(const Json& value)
{
    if (value.is_null())
        return {};
    return QString::fromStdString(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

Json parse(const QString& text, const Json& fallback)
{
    if (text.isEmpty())
        return fallback;
    try {
        return Json::parse(text.toStdString());
    } catch (const Json::exception& e) {
        qCWarning(lcStorage) << "unreadable stored JSON:" << e.what();
        return fallback;
    }
}

} // namespace engram::jsontext
