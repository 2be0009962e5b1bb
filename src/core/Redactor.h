#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace engram {

// One masked secret: its kind and where it was in the text given to Redactor::redact().
struct Redaction
{
    QString kind;
    qsizetype start{};
    qsizetype length{};

    friend bool operator==(const Redaction&, const Redaction&) = default;
};

// The text with every secret replaced by "[REDACTED:kind]", and what was masked, in text order.
struct RedactionResult
{
    QString text;
    QList<Redaction> redactions;

    bool changed() const { return !redactions.isEmpty(); }
};

// Masks secrets in text before anything of it is stored: Chinese resident ID numbers, bank card
// numbers, stated passwords and PINs, API keys and tokens, and the user's own "never remember"
// phrases. Conservative where a match is ambiguous, but a secret of these forms is never let
// through: full-width digits and letters count as their ASCII forms. redact() is thread-safe.
class Redactor final
{
public:
    // The kinds, as they appear in "[REDACTED:kind]" and in Redaction::kind.
    static constexpr QLatin1String kIdNumber{"id_number"};
    static constexpr QLatin1String kCardNumber{"card_number"};
    static constexpr QLatin1String kPassword{"password"};
    static constexpr QLatin1String kApiKey{"api_key"};
    static constexpr QLatin1String kCustom{"custom"};

    // Phrases masked wherever they occur, ignoring case and full/half width. A phrase that begins
    // or ends with a Latin letter or digit matches only whole words there ("Ann" not in "Annual").
    void setNeverRemember(const QStringList& phrases);
    QStringList neverRemember() const { return m_phrases; }

    RedactionResult redact(const QString& text) const;

    // An 18-character resident ID: 17 digits and a check digit (0-9 or X) that satisfies
    // ISO 7064 MOD 11-2, with a real birth date (YYYYMMDD at offset 6, years 1900-2099).
    static bool isValidResidentId(QStringView id);
    // True if digits (ASCII digits only, no separators) is non-empty and passes the Luhn check.
    static bool passesLuhn(QStringView digits);

private:
    RedactionResult redactOnce(const QString& text) const;

    QStringList m_phrases;       // as given, trimmed, for neverRemember()
    QStringList m_foldedPhrases; // case- and width-folded, what redact() searches for
};

} // namespace engram
