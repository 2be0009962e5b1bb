#pragma once

#include <QIcon>
#include <QPalette>
#include <QString>

namespace engram {

// The app's own icon `name` (":/icons/<name>.svg") in the variant that reads on `palette`: the
// light-grey one ("<name>-light.svg") where the background is dark, as under a dark desktop theme.
inline QIcon themedIcon(const QString& name, const QPalette& palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return QIcon(QStringLiteral(":/icons/%1%2.svg").arg(name, dark ? QStringLiteral("-light") : QString()));
}

} // namespace engram
