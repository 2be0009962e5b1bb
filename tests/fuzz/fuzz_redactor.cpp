// Fuzzes Redactor. Per input:
// 1. Masking is idempotent: redacting the masked text again changes nothing.
// 2. A secret planted in the input's text (a card number, a resident ID, an API key or a stated
//    password, in the forms the Redactor promises to catch, with spaces around it) is always
//    inside a mask, and none of its characters survive in the masked text at its place.
// 3. The masks lie within the text, in order, without overlap.
#include "FuzzSupport.h"
#include "core/Redactor.h"

#include <QDate>

#include <algorithm>

#include <fuzzer/FuzzedDataProvider.h>

using namespace engram;

namespace {

QString digits(FuzzedDataProvider& p, int count)
{
    QString s;
    for (int i = 0; i < count; ++i)
        s += QChar(u'0' + p.ConsumeIntegralInRange<int>(0, 9));
    return s;
}

QString alnum(FuzzedDataProvider& p, int count)
{
    static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QString s;
    for (int i = 0; i < count; ++i)
        s += QLatin1Char(chars[p.ConsumeIntegralInRange<int>(0, 61)]);
    return s;
}

// A card number of 16 digits with a valid Luhn check, whole or in groups of four.
QString cardNumber(FuzzedDataProvider& p)
{
    QString body = QStringLiteral("4") + digits(p, 14);
    for (int check = 0; check <= 9; ++check) {
        const QString candidate = body + QChar(u'0' + check);
        if (Redactor::passesLuhn(candidate)) {
            body = candidate;
            break;
        }
    }
    switch (p.ConsumeIntegralInRange<int>(0, 2)) {
    case 1:
        return body.mid(0, 4) + u' ' + body.mid(4, 4) + u' ' + body.mid(8, 4) + u' ' + body.mid(12, 4);
    case 2:
        return body.mid(0, 4) + u'-' + body.mid(4, 4) + u'-' + body.mid(8, 4) + u'-' + body.mid(12, 4);
    default:
        return body;
    }
}

// An 18-character resident ID with a real birth date and the right check character.
QString residentId(FuzzedDataProvider& p)
{
    const QDate birth = QDate(1900, 1, 1).addDays(p.ConsumeIntegralInRange<int>(0, 72000));
    const QString first17 = QStringLiteral("1101") + digits(p, 2) + birth.toString(QStringLiteral("yyyyMMdd")) +
                            digits(p, 3);
    static constexpr int weights[] = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    int sum = 0;
    for (int i = 0; i < 17; ++i)
        sum += (first17[i].unicode() - '0') * weights[i];
    const QString id = first17 + QLatin1Char("10X98765432"[sum % 11]);
    if (!Redactor::isValidResidentId(id))
        fuzz::fail("the harness builds valid resident IDs", id);
    return id;
}

struct Planted
{
    QString text;      // with its lead-in, for a password
    qsizetype offset{}; // where the secret itself starts within `text`
};

Planted plant(FuzzedDataProvider& p)
{
    switch (p.ConsumeIntegralInRange<int>(0, 6)) {
    case 0:
        return {cardNumber(p), 0};
    case 1:
        return {residentId(p), 0};
    case 2:
        return {QStringLiteral("sk-") + alnum(p, 24 + p.ConsumeIntegralInRange<int>(0, 24)), 0};
    case 3: {
        static const char upper[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        QString key = QStringLiteral("AKIA");
        for (int i = 0; i < 16; ++i)
            key += QLatin1Char(upper[p.ConsumeIntegralInRange<int>(0, 35)]);
        return {key, 0};
    }
    case 4:
        return {QStringLiteral("ghp_") + alnum(p, 36), 0};
    case 5: {
        const QString lead = QStringLiteral("password: ");
        return {lead + alnum(p, 6) + digits(p, 2), lead.size()};
    }
    default: {
        const QString lead = QStringLiteral("密码是");
        return {lead + alnum(p, 5) + digits(p, 3), lead.size()};
    }
    }
}

void checkMasks(const QString& text, const RedactionResult& r)
{
    qsizetype end = 0;
    for (const Redaction& m : r.redactions) {
        if (m.start < end || m.length <= 0 || m.start + m.length > text.size())
            fuzz::fail("masks lie within the text, in order, apart",
                       QStringLiteral("%1 at %2+%3 in %4 units").arg(m.kind).arg(m.start).arg(m.length).arg(text.size()));
        end = m.start + m.length;
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const Redactor redactor;

    // 1. Idempotence and well-formed masks on the input as it is.
    const QString text = fuzz::text(data, size);
    const RedactionResult once = redactor.redact(text);
    checkMasks(text, once);
    const RedactionResult twice = redactor.redact(once.text);
    if (twice.text != once.text)
        fuzz::fail("masking is idempotent", QStringLiteral("once:  %1\ntwice: %2").arg(once.text, twice.text));

    // 2. A planted secret never survives. The secret's bytes come from the end of the input, the
    // text around it from the rest.
    FuzzedDataProvider provider(data, size);
    const Planted secret = plant(provider);
    const std::string rest = provider.ConsumeRemainingBytesAsString();
    const QString around = QString::fromUtf8(rest.data(), static_cast<qsizetype>(rest.size()));
    qsizetype at = static_cast<qsizetype>(qHashBits(rest.data(), rest.size(), 7) % static_cast<size_t>(around.size() + 1));
    if (at > 0 && at < around.size() && around[at].isLowSurrogate())
        --at;
    const QString planted = around.left(at) + u' ' + secret.text + u' ' + around.mid(at);
    const qsizetype secretStart = at + 1 + secret.offset;
    const qsizetype secretEnd = at + 1 + secret.text.size();
    const RedactionResult masked = redactor.redact(planted);
    checkMasks(planted, masked);
    const bool covered = std::any_of(masked.redactions.cbegin(), masked.redactions.cend(), [&](const Redaction& m) {
        return m.start <= secretStart && m.start + m.length >= secretEnd;
    });
    if (!covered)
        fuzz::fail("a planted secret is masked",
                   QStringLiteral("secret: %1\ntext:   %2\nmasked: %3")
                       .arg(secret.text.mid(secret.offset), planted, masked.text));
    return 0;
}
